/** /kp: the commercial proposal wizard (spec §2, §4): products → prices → customer and conditions → design and file. */
import { Alert, Box, Button, Group, Select, Stack, Stepper, Text, Title } from '@mantine/core';
import { openConfirmModal, usePrepareConfirmations } from '../../shared/ui/confirm-modal';
import { shortenCompanyName } from '@portal/domain';
import { IconArrowLeft, IconArrowRight, IconRefresh } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { usePartners } from '../../shared/api/get-partners';
import { reportError } from '../../shared/errors';
import { StepCustomer } from './components/step-customer';
import { StepDesign } from './components/step-design';
import { StepPrices } from './components/step-prices';
import { StepProducts } from './components/step-products';
import { getProductByUid } from './api/search-products';
import { stepProblems } from './lib/proposal-payload';
import { atTodaysPrices } from './lib/todays-prices';
import { PROPOSAL_STEPS, useProposalStore } from './proposal-store';

const STEP_TITLES = [
  { label: 'Товары', description: 'Поиск и размеры' },
  { label: 'Цены', description: 'Скидка или наценка' },
  { label: 'Заказчик', description: 'ИНН и условия' },
  { label: 'Оформление', description: 'Логотип, баннер, файл' },
];

export function ProposalPage() {
  usePrepareConfirmations();
  const state = useProposalStore();
  const { step, setStep, offer, setOffer } = state;
  const executors = usePartners();
  const companies = useMemo(() => executors.data ?? [], [executors.data]);
  const executor = companies.find((company) => company.uid === offer.executorUID);

  const reset = state.reset;
  // The first company makes the proposal until the dealer picks another. A kept wizard whose company is not one of
  // this user's was left in this browser by someone else: it is cleared, not shown.
  useEffect(() => {
    if (executor || companies.length === 0) return;
    if (offer.executorUID) reset();
    setOffer({ executorUID: companies[0]!.uid });
  }, [executor, companies, offer.executorUID, reset, setOffer]);

  // Prices of the executor company, by the one path the proposal document prices with (no «first contract's type»).
  const partner = executor?.uid;

  // Lines taken from a draft are priced at today's prices before any step shows them.
  const { needsTodaysPrices, items, setTodaysPrices } = state;
  useEffect(() => {
    if (!needsTodaysPrices || !executor) return;
    let cancelled = false;
    Promise.all(items.map(async (item) => [item.guid, await getProductByUid(item.guid, partner)] as const))
      .then((results) => {
        if (cancelled) return;
        const priced = atTodaysPrices(items, new Map(results));
        setTodaysPrices(priced.items, priced.changes);
      })
      .catch((error: unknown) => reportError('GET_DRAFT_PRICES', error));
    return () => {
      cancelled = true;
    };
  }, [needsTodaysPrices, executor, items, partner, setTodaysPrices]);
  const problems = needsTodaysPrices
    ? ['Подождите: цены черновика обновляются по сегодняшнему прайсу.']
    : step < PROPOSAL_STEPS
      ? stepProblems(step, state)
      : [];

  const startOver = () =>
    openConfirmModal({
      title: 'Начать новое предложение?',
      children: <Text size="sm">Выбранные товары, цены и условия будут очищены. Логотипы и баннеры останутся в библиотеке.</Text>,
      labels: { confirm: 'Начать заново', cancel: 'Отмена' },
      onConfirm: () => state.reset(),
    });

  return (
    <Stack gap="lg" maw={1280} mx="auto" w="100%">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Box>
          <Title order={1} size="h2">Коммерческое предложение</Title>
          <Text c="dimmed" size="sm">
            Ваши цены, ваш логотип — документ PDF или Word для вашего заказчика.
          </Text>
        </Box>
        <Group gap="sm" align="flex-end">
          <Select
            label="От имени компании"
            w={300}
            data={companies.map((company) => ({ value: company.uid, label: shortenCompanyName(company.name) }))}
            value={offer.executorUID || null}
            onChange={(value) => value && setOffer({ executorUID: value })}
            allowDeselect={false}
            placeholder={executors.isLoading ? 'Загрузка…' : 'Выберите компанию'}
            data-testid="kp-executor"
          />
          <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={startOver}>
            Заново
          </Button>
        </Group>
      </Group>

      <Stepper
        active={step - 1}
        onStepClick={(index) => {
          // Going back is always allowed; going forward only past complete steps.
          if (index + 1 <= step || stepProblems(index, state).length === 0) setStep(index + 1);
        }}
        size="sm"
        allowNextStepsSelect={false}
      >
        {STEP_TITLES.map((title) => (
          <Stepper.Step key={title.label} label={title.label} description={title.description} />
        ))}
      </Stepper>

      {needsTodaysPrices && (
        <Alert color="blue" variant="light" data-testid="kp-pricing">
          Цены черновика обновляются по сегодняшнему прайсу…
        </Alert>
      )}
      {!needsTodaysPrices && state.priceChanges.length > 0 && (
        <Alert color="orange" variant="light" title="С момента сохранения черновика изменилось — предложение по сегодняшним ценам" data-testid="kp-price-changes">
          <Stack gap={2}>
            {state.priceChanges.map((change) => (
              <Text size="sm" key={change}>
                {change}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}

      <Box data-testid={`kp-step-${step}`}>
        {step === 1 && <StepProducts partner={partner} />}
        {step === 2 && <StepPrices />}
        {step === 3 && <StepCustomer />}
        {step === 4 && <StepDesign executor={executor} />}
      </Box>

      <Group justify="space-between" style={{ borderTop: '1px solid var(--mantine-color-default-border)', paddingTop: 16 }}>
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} disabled={step === 1} onClick={() => setStep(step - 1)}>
          Назад
        </Button>
        {step < PROPOSAL_STEPS && (
          <Group gap="sm">
            {problems.length > 0 && (
              <Text size="sm" c="orange" data-testid="kp-problem">
                {problems[0]}
              </Text>
            )}
            <Button rightSection={<IconArrowRight size={16} />} disabled={problems.length > 0} onClick={() => setStep(step + 1)} data-testid="kp-next">
              Далее
            </Button>
          </Group>
        )}
      </Group>
    </Stack>
  );
}

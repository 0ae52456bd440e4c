/** Step 3: the customer (found by INN or typed), the proposal's number and date, the conditions and a comment. */
import { Button, Card, Grid, Group, SegmentedControl, SimpleGrid, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { PROPOSAL_LIMITS } from '@portal/contracts';
import { DateInput } from '@mantine/dates';
import { innProblem } from '@portal/domain';
import { IconBuilding, IconSearch } from '@tabler/icons-react';
import dayjs from '../../../shared/lib/dayjs';
import { useState } from 'react';
import { AmountInput } from '../../../shared/ui/amount-input';
import { useFindOrganisation } from '../api/find-organisation';
import { useProposalStore } from '../proposal-store';

function CustomerCard() {
  const offer = useProposalStore((state) => state.offer);
  const orgName = useProposalStore((state) => state.orgName);
  const setOffer = useProposalStore((state) => state.setOffer);
  const setOrgName = useProposalStore((state) => state.setOrgName);
  const [inn, setInn] = useState(offer.customerInn);
  const [lookupError, setLookupError] = useState<string | null>(null);
  const find = useFindOrganisation();

  const lookup = async () => {
    const problem = innProblem(inn);
    if (problem) {
      setLookupError(problem);
      return;
    }
    setLookupError(null);
    try {
      const org = await find.mutateAsync(inn);
      setOrgName(org.text);
      setOffer({ customer: org.text, customerInn: org.inn, customerKpp: org.kpp, customerAddress: org.address });
    } catch (error) {
      // Spec §8: the organisation lookup shows the server's own message.
      setLookupError((error as Error).message);
    }
  };

  return (
    <Card withBorder radius="md" padding="md">
      <Title order={2} size="h5" mb="sm">
        Заказчик
      </Title>
      <Stack gap="sm">
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label="ИНН заказчика"
            description="10 цифр у организации, 12 — у ИП"
            placeholder="7707083893"
            inputMode="numeric"
            maxLength={12}
            value={inn}
            error={lookupError}
            onChange={(event) => {
              setInn(event.currentTarget.value.replace(/\D/g, ''));
              setLookupError(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') void lookup();
            }}
          />
          <Button mt={46} leftSection={<IconSearch size={16} />} loading={find.isPending} onClick={() => void lookup()}>
            Найти
          </Button>
        </Group>
        {orgName && offer.customer === orgName && (
          <Group gap={6}>
            <IconBuilding size={16} color="var(--mantine-color-green-7)" />
            <Text size="sm" c="green" data-testid="kp-org-found">
              Найдено: {orgName}
            </Text>
          </Group>
        )}
        <TextInput
          label="Заказчик в документе"
          description="Можно поправить или вписать вручную"
          placeholder="ООО «Ромашка»"
          value={offer.customer}
          maxLength={300}
          onChange={(event) => setOffer({ customer: event.currentTarget.value })}
        />
      </Stack>
    </Card>
  );
}

function DocumentCard() {
  const offer = useProposalStore((state) => state.offer);
  const setOffer = useProposalStore((state) => state.setOffer);
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={2} size="h5" mb="sm">
        Документ
      </Title>
      <Stack gap="sm">
        <SimpleGrid cols={2}>
          <TextInput label="Номер" maxLength={40} value={offer.n} onChange={(event) => setOffer({ n: event.currentTarget.value })} />
          <DateInput
            label="Дата"
            valueFormat="DD.MM.YYYY"
            minDate={dayjs().format('YYYY-MM-DD')}
            value={offer.date || null}
            onChange={(value) => setOffer({ date: value ? dayjs(value).format('YYYY-MM-DD') : '' })}
          />
        </SimpleGrid>
        <Textarea
          label="Комментарий"
          placeholder="Например: срок поставки, гарантия, контакты менеджера"
          autosize
          minRows={3}
          maxRows={8}
          maxLength={3000}
          value={offer.comment}
          onChange={(event) => setOffer({ comment: event.currentTarget.value })}
        />
      </Stack>
    </Card>
  );
}

function ConditionsCard() {
  const conditions = useProposalStore((state) => state.additionally);
  const set = useProposalStore((state) => state.setAdditionally);
  const delayKind = conditions.delayWorkValue !== null && conditions.delayCalendarValue === null ? 'work' : 'calendar';
  const delayDays = (delayKind === 'work' ? conditions.delayWorkValue : conditions.delayCalendarValue) ?? 0;
  const setDelay = (kind: 'calendar' | 'work', days: number) =>
    set(kind === 'calendar' ? { delayCalendarValue: days || null, delayWorkValue: null } : { delayWorkValue: days || null, delayCalendarValue: null });

  return (
    <Card withBorder radius="md" padding="md">
      <Title order={2} size="h5" mb="sm">
        Условия
      </Title>
      <Stack gap="md">
        <Stack gap={6}>
          <Switch label="Предоплата" checked={conditions.prepayment} onChange={(event) => set({ prepayment: event.currentTarget.checked, prepaymentValue: conditions.prepaymentValue ?? 100 })} />
          {conditions.prepayment && (
            <Group gap="xs" pl={46}>
              <AmountInput aria-label="Предоплата, %" value={conditions.prepaymentValue ?? 0} min={0} max={PROPOSAL_LIMITS.prepaymentPercent.max} w={64} size="xs" onChange={(value) => set({ prepaymentValue: value || null })} />
              <Text size="sm">% от суммы предложения</Text>
            </Group>
          )}
        </Stack>
        <Stack gap={6}>
          <Switch
            label="Отсрочка платежа"
            checked={conditions.delay}
            onChange={(event) => {
              set({ delay: event.currentTarget.checked });
              if (event.currentTarget.checked && !delayDays) setDelay(delayKind, 14);
            }}
          />
          {conditions.delay && (
            <Group gap="xs" pl={46}>
              <AmountInput aria-label="Дней отсрочки" value={delayDays} min={0} max={PROPOSAL_LIMITS.days.max} w={64} size="xs" onChange={(value) => setDelay(delayKind, value)} />
              <SegmentedControl
                size="xs"
                aria-label="Какие дни"
                value={delayKind}
                onChange={(kind) => setDelay(kind as 'calendar' | 'work', delayDays)}
                data={[
                  { value: 'calendar', label: 'календарных дней' },
                  { value: 'work', label: 'рабочих дней' },
                ]}
              />
            </Group>
          )}
        </Stack>
        <Stack gap={6}>
          <Switch label="Доставка" checked={conditions.delivery} onChange={(event) => set({ delivery: event.currentTarget.checked })} />
          {conditions.delivery && (
            <TextInput
              pl={46}
              aria-label="Условия доставки"
              placeholder="Например: до склада заказчика, 5 рабочих дней, бесплатно от 50 000 ₽"
              maxLength={500}
              value={conditions.deliveryValue}
              onChange={(event) => set({ deliveryValue: event.currentTarget.value })}
            />
          )}
        </Stack>
        <Stack gap={6}>
          <Switch label="Самовывоз" checked={conditions.pickup} onChange={(event) => set({ pickup: event.currentTarget.checked })} />
          {conditions.pickup && (
            <TextInput
              pl={46}
              aria-label="Адрес самовывоза"
              placeholder="Адрес склада и часы работы"
              maxLength={500}
              value={conditions.pickupValue}
              onChange={(event) => set({ pickupValue: event.currentTarget.value })}
            />
          )}
        </Stack>
      </Stack>
    </Card>
  );
}

export function StepCustomer() {
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="md">
          <CustomerCard />
          <DocumentCard />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <ConditionsCard />
      </Grid.Col>
    </Grid>
  );
}

/**
 * /order/:article? — the working order (spec §2/§4): available and pre-order lists, company and contract with the
 * debt, limit and what is left after this order, delivery, bags, comment, certificates, and the submit button.
 */
import {
  ORDER_LIMITS,
  contractsOf,
  lineUnits,
  priceWorkingOrder,
  type Bags,
  type DeliveryCase,
  type OrderList,
  type Position,
  type TCompany,
  type TStorage,
} from '@portal/contracts';
import {
  ORGANISATION_NAMES,
  formatPrice,
  formatUnixDate,
  fromKopecks,
  moscowDate,
  shortenCompanyName,
  type OrganisationGuid,
} from '@portal/domain';
import {
  Autocomplete,
  Badge,
  Button,
  Card,
  Checkbox,
  Grid,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { openConfirmModal, usePrepareConfirmations } from '../../shared/ui/confirm-modal';
import { notifications } from '@mantine/notifications';
import { IconClipboardList, IconDeviceFloppy, IconListDetails, IconPlus, IconShoppingCart, IconTrash } from '@tabler/icons-react';
import dayjs from '../../shared/lib/dayjs';
import { lazy, useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { reportError } from '../../shared/errors';
import { AmountInput, MoneyInput } from '../../shared/ui/amount-input';
import { CreditAlerts, CreditFigures, creditOf } from '../../shared/ui/contract-credit';
import { OnceOpened } from '../../shared/lib/lazy-page';
import { StatefulButton } from '../../shared/ui/stateful-button';
import { useDeliveryAddresses } from '../../shared/api/get-delivery-addresses';
import { usePartners } from '../../shared/api/get-partners';
import { useCompanyInUse } from '../../shared/company-in-use';
import { useSubmitOrder } from './api/submit-order';
import { OrderLinesTable } from './components/order-lines-table';
import { useOrderStore } from './model/order-store';

// The modals load the first time they open: the page's first screen does not wait for their code.
const AddPositionModal = lazy(() => import('./components/add-position-modal').then((m) => ({ default: m.AddPositionModal })));
const QuickOrderModal = lazy(() => import('./components/quick-order-modal').then((m) => ({ default: m.QuickOrderModal })));
const DraftsModal = lazy(() => import('./components/drafts-modal').then((m) => ({ default: m.DraftsModal })));

const DELIVERY_CASES: Array<{ value: DeliveryCase; label: string }> = [
  { value: 'pickup', label: 'Самовывоз' },
  { value: 'delivery', label: 'Доставка' },
  { value: 'other', label: 'Другое (ТК)' },
];

const BAGS: Array<{ key: keyof Bags; label: string }> = [
  { key: 'wear', label: 'Одежда' },
  { key: 'wear_pre', label: 'Одежда, предзаказ' },
  { key: 'shoes', label: 'Обувь' },
  { key: 'shoes_pre', label: 'Обувь, предзаказ' },
];

export function OrderPage() {
  usePrepareConfirmations();
  const { article } = useParams();
  const navigate = useNavigate();
  const order = useOrderStore((state) => state.order);
  const { add, setCount, remove, patch, reset, replace } = useOrderStore.getState();
  const partners = usePartners();
  const addresses = useDeliveryAddresses();
  const submit = useSubmitOrder();
  const [adding, setAdding] = useState(Boolean(article));
  const [quick, setQuick] = useState(false);
  const [drafts, setDrafts] = useState(false);

  const companies = useMemo(() => partners.data ?? [], [partners.data]);
  const company: TCompany | undefined = companies.find((candidate) => candidate.uid === order.partner_id);
  const contracts = useMemo(() => company?.storages ?? [], [company]);
  const contract: TStorage | undefined = contracts.find((candidate) => candidate.guid === order.storage) ?? contracts[0];
  const empty = order.position.length === 0 && order.position_presail.length === 0;

  // An order without lines is for the company in use (whose prices the catalogue showed); one with lines keeps its own.
  const inUse = useCompanyInUse();
  const inUseCompany = inUse.company;
  useEffect(() => {
    if (inUseCompany && !order.edit && (!order.partner_id || (empty && order.partner_id !== inUseCompany.uid))) {
      patch({ partner_id: inUseCompany.uid, storage: inUseCompany.storages[0]?.guid, contracts: contractsOf(inUseCompany.storages) });
    }
  }, [inUseCompany, order.edit, order.partner_id, empty, patch]);

  // The order is priced with its company's contracts as they are now (a discount may have changed since it was saved).
  useEffect(() => {
    if (!company) return;
    const current = contractsOf(company.storages);
    if (JSON.stringify(current) !== JSON.stringify(order.contracts ?? [])) patch({ contracts: current });
  }, [company, order.contracts, patch]);

  // Checks per organisation and totals in kopecks, by the same rule the server applies.
  const priced = useMemo(() => priceWorkingOrder(order, order.contracts ?? []), [order]);

  useEffect(() => {
    if (article) setAdding(true);
  }, [article]);

  const chooseCompany = (uid: string | null) => {
    const next = companies.find((candidate) => candidate.uid === uid);
    if (!next) return;
    inUse.choose(next.uid);
    // Discounts follow the contracts of the chosen company.
    replace({ ...order, partner_id: next.uid, storage: next.storages[0]?.guid, contracts: contractsOf(next.storages) });
  };

  const contractLabel = (organisation: string) => {
    const name = ORGANISATION_NAMES[organisation as OrganisationGuid] ?? organisation;
    const own = contracts.find((candidate) => candidate.guid === organisation);
    return own ? `${name} · договор ${own.contract}` : `${name} · нет договора`;
  };

  /** Typing into one row of a split line changes the whole line; what moves to or from pre-order is said aloud. */
  const changeCount = (list: OrderList, guid: string, lineGuid: string, count: number) => {
    const before = lineUnits(order, guid, lineGuid);
    setCount(list, guid, lineGuid, count);
    const after = lineUnits(useOrderStore.getState().order, guid, lineGuid);
    const typedPart = list === 'position' ? 'inStock' : 'preorder';
    const otherPart = list === 'position' ? 'preorder' : 'inStock';
    if (before[otherPart] === after[otherPart] || (after.inStock === 0 && after.preorder === 0)) return;
    const line = [...order.position, ...order.position_presail].find((item) => item.guid === guid);
    const size = line?.characteristics.find((candidate) => candidate.GUID === lineGuid)?.CHARACTERISTIC ?? '';
    notifications.show({
      color: 'orange',
      title: `${line?.article ?? ''} ${size}`.trim(),
      message: `Всего ${after.inStock + after.preorder} шт.: в наличии ${after.inStock}, под заказ ${after.preorder}` +
        (typedPart === 'inStock' && before.preorder > after.preorder ? ` (предзаказ был ${before.preorder} шт.)` : '') + '.',
      autoClose: 8_000,
    });
  };

  // What this order adds to the chosen contract's debt: its check with that contract's organisation, as invoiced.
  const contractOrderKopecks = priced.checks.find((check) => check.organisation === contract?.guid)?.totalKopecks ?? 0;
  const credit = contract ? creditOf(contract, contractOrderKopecks) : null;

  const send = async () => {
    try {
      const result = await submit.mutateAsync(order);
      notifications.show({ color: 'teal', title: order.edit ? 'Заказ изменён' : 'Заказ отправлен', message: result.message, autoClose: 12_000 });
      reset();
      navigate(`${paths.orders}?n=${result.id}`);
    } catch (error) {
      reportError(order.edit ? 'EDIT_ORDER' : 'ADD_ORDER', error);
    }
  };

  const confirmClear = () =>
    openConfirmModal({
      title: 'Очистить заказ?',
      children: <Text size="sm">Все позиции будут убраны из текущего заказа.</Text>,
      labels: { confirm: 'Очистить', cancel: 'Отмена' },
      confirmProps: { color: 'red' },
      onConfirm: reset,
    });

  const onAdd = (positions: Position[]) => {
    add(positions);
    const units = positions.flatMap((p) => p.characteristics).reduce((sum, l) => sum + l.count, 0);
    notifications.show({ color: 'teal', message: `Добавлено в заказ: ${units} шт.` });
  };

  const today = moscowDate(Date.now());
  const submitState = submit.isPending ? 'progress' : empty || !company ? 'disabled' : 'active';

  return (
    <Stack gap="lg" maw={1280} mx="auto" data-testid="order-page">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">{order.edit && order.number ? `Изменение заказа № ${order.number}` : 'Заказ'}</Title>
          <Text c="dimmed" size="sm">
            {order.edit && order.number
              ? `Номер и дата заказа (${dayjs(order.date).format('DD.MM.YYYY')}) сохранятся.`
              : 'Количество сверх остатка автоматически уходит в предзаказ.'}
          </Text>
        </div>
        <Group gap="xs">
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            Добавить товар
          </Button>
          <Button variant="light" leftSection={<IconListDetails size={16} />} onClick={() => setQuick(true)}>
            Быстрый заказ
          </Button>
          <Button variant="default" leftSection={<IconDeviceFloppy size={16} />} onClick={() => setDrafts(true)}>
            Черновики
          </Button>
          <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} disabled={empty} onClick={confirmClear}>
            Очистить
          </Button>
        </Group>
      </Group>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            {empty ? (
              <Card withBorder radius="md" padding="xl">
                <Stack align="center" gap="xs" py="xl">
                  <ThemeIcon size={56} radius="xl" variant="light">
                    <IconShoppingCart size={30} />
                  </ThemeIcon>
                  <Title order={2} size="h4">В заказе пока нет товаров</Title>
                  <Text c="dimmed" size="sm" ta="center" maw={420}>
                    Найдите товар по артикулу или названию, вставьте список в «Быстрый заказ» или продолжите по черновику.
                  </Text>
                  <Button mt="sm" leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
                    Добавить товар
                  </Button>
                </Stack>
              </Card>
            ) : (
              <>
                <Card withBorder radius="md" padding="md">
                  <Group justify="space-between" mb="xs">
                    <Group gap="xs">
                      <Title order={2} size="h4">В наличии</Title>
                      <Badge variant="light" color="teal">
                        {order.position.reduce((sum, p) => sum + p.characteristics.reduce((s, l) => s + l.count, 0), 0)} шт.
                      </Badge>
                    </Group>
                    <Text fw={600}>{formatPrice(fromKopecks(priced.totals.goodsKopecks - priced.totals.preorderKopecks))}</Text>
                  </Group>
                  {order.position.length > 0 ? (
                    <OrderLinesTable
                      list="position"
                      positions={order.position}
                      onCount={(g, l, n) => changeCount('position', g, l, n)}
                      onRemove={remove}
                      contractLabel={contractLabel}
                    />
                  ) : (
                    <Text c="dimmed" size="sm">
                      Всё, что вы выбрали, сейчас под заказ.
                    </Text>
                  )}
                </Card>
                {order.position_presail.length > 0 && (
                  <Card withBorder radius="md" padding="md" style={{ borderColor: 'var(--mantine-color-orange-3)' }}>
                    <Group justify="space-between" mb="xs">
                      <Group gap="xs">
                        <Title order={2} size="h4">Предзаказ</Title>
                        <Badge variant="light" color="orange">
                          {order.position_presail.reduce((sum, p) => sum + p.characteristics.reduce((s, l) => s + l.count, 0), 0)} шт.
                        </Badge>
                      </Group>
                      <Text fw={600}>{formatPrice(order.total_presail)}</Text>
                    </Group>
                    <Text size="xs" c="dimmed" mb="xs">
                      Эти позиции превышают остаток: склад не резервирует их, они придут со следующей поставкой.
                    </Text>
                    <OrderLinesTable
                      list="position_presail"
                      positions={order.position_presail}
                      onCount={(g, l, n) => changeCount('position_presail', g, l, n)}
                      onRemove={remove}
                      contractLabel={contractLabel}
                    />
                  </Card>
                )}
              </>
            )}

            <Card withBorder radius="md" padding="md">
              <Title order={2} size="h4" mb="sm">
                Доставка
              </Title>
              <Stack gap="sm">
                <SegmentedControl
                  value={order.delivery.case}
                  onChange={(value) => patch({ delivery: { ...order.delivery, case: value as DeliveryCase } })}
                  data={DELIVERY_CASES}
                  aria-label="Способ доставки"
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <Autocomplete
                    label="Адрес"
                    placeholder={order.delivery.case === 'pickup' ? 'Самовывоз со склада' : 'Выберите из адресов или введите'}
                    data={(addresses.data ?? []).map((address) => address.label)}
                    value={order.delivery.address}
                    onChange={(address) => patch({ delivery: { ...order.delivery, address } })}
                  />
                  <DatePickerInput
                    label="Дата"
                    placeholder="дд.мм.гггг"
                    valueFormat="DD.MM.YYYY"
                    locale="ru"
                    firstDayOfWeek={1}
                    minDate={today}
                    hideOutsideDates
                    clearable
                    value={order.delivery.date || null}
                    onChange={(value) => patch({ delivery: { ...order.delivery, date: value ? dayjs(value).format('YYYY-MM-DD') : '' } })}
                  />
                  {order.delivery.case === 'other' && (
                    <MoneyInput
                      label="Стоимость доставки"
                      description="Добавляется к сумме заказа и к счёту"
                      min={ORDER_LIMITS.deliveryCost.min}
                      max={ORDER_LIMITS.deliveryCost.max}
                      value={order.delivery.cost}
                      onChange={(cost) => patch({ delivery: { ...order.delivery, cost } })}
                      data-testid="delivery-cost"
                    />
                  )}
                  <TextInput
                    label="Счёт выставить на"
                    placeholder="Если не на компанию заказа"
                    value={order.delivery.bill_to}
                    onChange={(event) => patch({ delivery: { ...order.delivery, bill_to: event.currentTarget.value } })}
                  />
                </SimpleGrid>
              </Stack>
            </Card>

            <Card withBorder radius="md" padding="md">
              <Title order={2} size="h4" mb="sm">
                Упаковка и комментарий
              </Title>
              <Group gap="lg" mb="sm" align="flex-end">
                {BAGS.map(({ key, label }) => (
                  <Stack gap={4} key={key}>
                    <Text size="xs" c="dimmed">
                      Пакеты: {label.toLowerCase()}
                    </Text>
                    <AmountInput
                      value={order.bags[key]}
                      onChange={(n) => patch({ bags: { ...order.bags, [key]: n } })}
                      max={ORDER_LIMITS.bags.max}
                      aria-label={`Пакеты: ${label}`}
                      size="xs"
                      w={56}
                    />
                  </Stack>
                ))}
              </Group>
              <Textarea
                label="Комментарий"
                autosize
                minRows={2}
                maxLength={2000}
                value={order.comment}
                onChange={(event) => patch({ comment: event.currentTarget.value })}
              />
              <Checkbox
                mt="sm"
                label="Приложить сертификаты к заказу"
                checked={order.request_certificate}
                onChange={(event) => patch({ request_certificate: event.currentTarget.checked })}
              />
            </Card>
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg" style={{ position: 'sticky', top: 16 }}>
            <Card withBorder radius="md" padding="md">
              <Title order={2} size="h4" mb="sm">
                Компания и договор
              </Title>
              <Stack gap="sm">
                <Select
                  label="Компания"
                  data={companies.map((candidate) => ({ value: candidate.uid, label: shortenCompanyName(candidate.name) }))}
                  value={order.partner_id || null}
                  onChange={chooseCompany}
                  disabled={order.edit}
                  allowDeselect={false}
                  placeholder={partners.isLoading ? 'Загрузка…' : 'Выберите компанию'}
                />
                <Select
                  label="Договор"
                  data={contracts.map((candidate) => ({ value: candidate.guid, label: `${candidate.name} · ${candidate.contract}` }))}
                  value={contract?.guid ?? null}
                  onChange={(value) => value && patch({ storage: value })}
                  allowDeselect={false}
                />
                {credit && contract && (
                  <Stack gap={4} data-testid="credit-panel">
                    <CreditFigures credit={credit} withOrder guid={contract.guid} />
                    <Row label="Скидка по договору" value={`${contract.discount} %`} />
                    <Row label="Отсрочка" value={`${contract.deferment} дн. · до ${formatUnixDate(contract.date)}`} />
                  </Stack>
                )}
                {credit && <CreditAlerts credit={credit} />}
              </Stack>
            </Card>

            <Card withBorder radius="md" padding="md">
              <Title order={2} size="h4" mb="sm">
                Итого
              </Title>
              <Stack gap={4}>
                <Row label="Позиций" value={String(order.count)} />
                <Row label="Штук" value={String(order.total_count)} />
                <Row label="Вес, кг" value={order.total_weight.toFixed(3)} />
                <Row label="Объём, м³" value={order.total_volume.toFixed(3)} />
                <Row label="Скидка" value={formatPrice(order.total_discount)} color="teal" />
                {order.total_presail > 0 && <Row label="В т. ч. предзаказ" value={formatPrice(order.total_presail)} />}
                {priced.totals.deliveryKopecks > 0 && <Row label="Доставка" value={`+ ${formatPrice(fromKopecks(priced.totals.deliveryKopecks))}`} />}
                <Group justify="space-between" mt="xs">
                  <Text fw={700}>К оплате</Text>
                  <Text fw={800} size="xl" data-testid="order-total">
                    {formatPrice(order.total)}
                  </Text>
                </Group>
              </Stack>
              <StatefulButton mt="md" fullWidth size="md" state={submitState} onClick={send} leftSection={<IconClipboardList size={18} />} data-testid="submit-order">
                {order.edit ? 'Сохранить изменения' : 'Отправить заказ'}
              </StatefulButton>
              {!company && !partners.isLoading && (
                <Text size="xs" c="red" mt={6}>
                  Выберите компанию, для которой оформляется заказ.
                </Text>
              )}
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>

      <OnceOpened opened={adding}>
        <AddPositionModal
          opened={adding}
          onClose={() => {
            setAdding(false);
            if (article) navigate(paths.order(), { replace: true });
          }}
          onAdd={(position) => onAdd([position])}
          contracts={contracts}
          partner={company?.uid}
          initialQuery={article}
        />
      </OnceOpened>
      <OnceOpened opened={quick}>
        <QuickOrderModal opened={quick} onClose={() => setQuick(false)} onAdd={onAdd} contracts={contracts} priceType={contracts[0]?.pricetype} />
      </OnceOpened>
      <OnceOpened opened={drafts}>
        <DraftsModal opened={drafts} onClose={() => setDrafts(false)} />
      </OnceOpened>
    </Stack>
  );
}

function Row({ label, value, strong, color }: { label: string; value: string; strong?: boolean; color?: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} c={color}>
        {value}
      </Text>
    </Group>
  );
}

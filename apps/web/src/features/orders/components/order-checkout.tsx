/**
 * The working order's form below its first screen: delivery, bags and comment, company and contract with the credit,
 * the totals and the submit button. It loads after the order page has painted (the page's help text and its lines do
 * not wait for the date picker, the selects and their popovers); the page keeps the order's state and rules.
 */
import { ORDER_LIMITS, type Bags, type DeliveryCase, type TCompany, type TOrderPayload, type TPricesChangedError, type TStorage } from '@portal/contracts';
import { deliveryDayProblem, formatPrice, formatUnixDate, fromKopecks, isWorkingDay, moscowDate, shortenCompanyName } from '@portal/domain';
import { Autocomplete, Button, Card, Checkbox, Group, Loader, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconClipboardList } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { reportError } from '../../../shared/errors';
import dayjs from '../../../shared/lib/dayjs';
import { useDeliveryAddresses } from '../../../shared/api/get-delivery-addresses';
import { AmountInput, MoneyInput } from '../../../shared/ui/amount-input';
import { CreditAlerts, CreditFigures, creditOf } from '../../../shared/ui/contract-credit';
import { StatefulButton } from '../../../shared/ui/stateful-button';
import { pricesChangedOf, useSubmitOrder } from '../api/submit-order';
import { useOrderStore, type WebOrder } from '../model/order-store';
import { serverFullPrices, withFullPrices } from '../model/reprice';
import classes from './order-checkout.module.css';
import { PricesChangedModal } from './prices-changed-modal';

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

type Patch = (changes: Partial<WebOrder>) => void;

/** Delivery (case, address, date, cost, whom to bill), then bags, comment and certificates. */
export function OrderDelivery({ order, patch }: { order: WebOrder; patch: Patch }) {
  const addresses = useDeliveryAddresses();
  const today = moscowDate(Date.now());
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <>
      <Card withBorder radius="md" padding="md">
        <Title order={2} size="h4" mb="sm">
          Доставка
        </Title>
        <Stack gap="sm">
          <SegmentedControl
            value={order.delivery.case}
            onChange={(value) => patch({ delivery: { ...order.delivery, case: value as DeliveryCase } })}
            data={DELIVERY_CASES}
            // Three cases side by side do not fit a phone's card: there they stand one under another.
            orientation={phone ? 'vertical' : 'horizontal'}
            fullWidth={phone}
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
              // Weekends and the production calendar's holidays are not offered; a day kept in a draft that is no
              // longer fit says why — the rule the server refuses the order by.
              excludeDate={(day) => !isWorkingDay(day.slice(0, 10))}
              error={order.delivery.date ? deliveryDayProblem(order.delivery.date, today) : undefined}
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
    </>
  );
}

interface OrderSummaryProps {
  order: WebOrder;
  patch: Patch;
  companies: TCompany[];
  companiesLoading: boolean;
  /** Whether the order has a company of the user's (no submitting without one). */
  companyChosen: boolean;
  onChooseCompany: (uid: string | null) => void;
  contracts: TStorage[];
  contract: TStorage | undefined;
  /** What this order adds to the chosen contract's debt. */
  contractOrderKopecks: number;
  deliveryKopecks: number;
  /** The lines are being repriced for a company just chosen. */
  repricing: boolean;
  /** Lines and a company: something to submit. */
  canSubmit: boolean;
}

/** Company and contract with the credit they leave, the totals, and the button that sends the order. */
export function OrderSummary({
  order,
  patch,
  companies,
  companiesLoading,
  companyChosen,
  onChooseCompany,
  contracts,
  contract,
  contractOrderKopecks,
  deliveryKopecks,
  repricing,
  canSubmit,
}: OrderSummaryProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const submit = useSubmitOrder();
  const credit = contract ? creditOf(contract, contractOrderKopecks) : null;
  // The server's prices to confirm, after it refused the order as shown (409 PRICES_CHANGED).
  const [conflict, setConflict] = useState<TPricesChangedError>();

  /** Sends the working order, or the server's priced order the dealer confirmed. */
  const send = async (confirmed?: TOrderPayload) => {
    try {
      const result = await submit.mutateAsync({ order, confirmed });
      setConflict(undefined);
      // Above the purchaser's limit the order waits for an administrator: it has no number yet, the history shows it.
      const held = result.approval !== undefined;
      const title = held ? 'Заказ на согласовании' : order.edit ? 'Заказ изменён' : 'Заказ отправлен';
      notifications.show({ color: held ? 'yellow' : 'teal', title, message: result.message, autoClose: 12_000 });
      useOrderStore.getState().reset();
      navigate(held ? `${paths.orders}?approval=${result.approval}` : `${paths.orders}?n=${result.id}`);
    } catch (error) {
      const changed = pricesChangedOf(error);
      if (!changed) {
        setConflict(undefined);
        reportError(order.edit ? 'EDIT_ORDER' : 'ADD_ORDER', error);
        return;
      }
      // From now on the page shows the prices the server charges; the dialog says what changed and why.
      const store = useOrderStore.getState();
      store.replace(withFullPrices(store.order, serverFullPrices(changed.order)));
      void queryClient.invalidateQueries({ queryKey: ['partners'] });
      setConflict(changed);
    }
  };
  return (
    <Stack gap="lg" className={classes.summary}>
      <Card withBorder radius="md" padding="md">
        <Title order={2} size="h4" mb="sm">
          Компания и договор
        </Title>
        <Stack gap="sm">
          <Select
            label="Компания"
            data={companies.map((candidate) => ({ value: candidate.uid, label: shortenCompanyName(candidate.name) }))}
            value={order.partner_id || null}
            onChange={onChooseCompany}
            disabled={order.edit}
            allowDeselect={false}
            placeholder={companiesLoading ? 'Загрузка…' : 'Выберите компанию'}
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

      {/* Visible overflow: a card's default (hidden) would hold the sticky pay bar inside it. */}
      <Card withBorder radius="md" padding="md" style={{ overflow: 'visible' }}>
        <Title order={2} size="h4" mb="sm">
          Итого
        </Title>
        {order.replaces_approval !== undefined && !order.edit && (
          <Stack gap={2} mb="sm" data-testid="order-replaces">
            <Text size="sm">
              Отправляется вместо отклонённого заказа на согласовании № {order.replaces_approval}: после отправки он уйдёт из списка.
            </Text>
            <Button variant="subtle" size="compact-xs" onClick={() => patch({ replaces_approval: undefined })} style={{ alignSelf: 'flex-start' }}>
              Оставить его в списке
            </Button>
          </Stack>
        )}
        <Stack gap={4}>
          <Row label="Позиций" value={String(order.count)} />
          <Row label="Штук" value={String(order.total_count)} />
          <Row label="Вес, кг" value={order.total_weight.toFixed(3)} />
          <Row label="Объём, м³" value={order.total_volume.toFixed(3)} />
          <Row label="Скидка" value={formatPrice(order.total_discount)} color="teal" />
          {order.total_presail > 0 && <Row label="В т. ч. предзаказ" value={formatPrice(order.total_presail)} />}
          {deliveryKopecks > 0 && <Row label="Доставка" value={`+ ${formatPrice(fromKopecks(deliveryKopecks))}`} />}
        </Stack>
        <div className={classes.payBar} data-testid="pay-bar">
          <div className={classes.payTotal}>
            <Text fw={700}>К оплате</Text>
            <Text fw={800} size="xl" className={classes.payAmount} data-testid="order-total" c={repricing ? 'dimmed' : undefined} aria-busy={repricing}>
              {formatPrice(order.total)}
            </Text>
          </div>
          <StatefulButton className={classes.paySubmit} size="md" state={submit.isPending ? 'progress' : canSubmit ? 'active' : 'disabled'} onClick={() => void send()} leftSection={<IconClipboardList size={18} />} data-testid="submit-order">
            {order.edit ? 'Сохранить изменения' : 'Отправить заказ'}
          </StatefulButton>
          {repricing && (
            <Group gap={6} justify="flex-end" data-testid="order-repricing" className={classes.payNote}>
              <Loader size="xs" />
              <Text size="xs" c="dimmed">
                Пересчитываем цены для выбранной компании…
              </Text>
            </Group>
          )}
          {!companyChosen && !companiesLoading && (
            <Text size="xs" c="red" mt={6} className={classes.payNote}>
              Выберите компанию, для которой оформляется заказ.
            </Text>
          )}
        </div>
      </Card>
      <PricesChangedModal
        conflict={conflict}
        sending={submit.isPending}
        onConfirm={() => conflict && void send(conflict.order)}
        onCancel={() => setConflict(undefined)}
      />
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

/**
 * A contract's credit as the main page, the company page and the order page show it: every figure from the domain's
 * `contractCredit`, so the three pages agree to the kopeck (docs/decisions.md "Money: credit and price types").
 */
import { Alert, Group, Stack, Text } from '@mantine/core';
import { contractCredit, creditAlerts, formatPrice, fromKopecks, moscowDay, type ContractCredit, type CreditContract } from '@portal/domain';
import { IconAlertTriangle } from '@tabler/icons-react';

export const formatKopecks = (kopecks: number) => formatPrice(fromKopecks(kopecks));

/** Today in Moscow, the day the documents' terms are judged on (read at each render: a page left open overnight moves on). */
export const moscowToday = () => moscowDay(Date.now());

/** The credit of a contract today, with an order of `orderKopecks` on it (0: no order). */
export const creditOf = (contract: CreditContract, orderKopecks = 0) => contractCredit(contract, orderKopecks, moscowToday());

/** What the limit leaves: the figure, or «без лимита». */
export const availableText = (credit: ContractCredit) => (credit.available === null ? 'без лимита' : formatKopecks(credit.available));

/**
 * The line under «Доступно по лимиту» that says why it is lower than limit − debt: the portal's orders the back
 * office has not put in the debt yet. Nothing when there are none.
 */
export function PendingNote({ credit }: { credit: ContractCredit }) {
  if (credit.pending <= 0) return null;
  return (
    // Wraps even inside a cell that keeps its figures on one line (the main page's table).
    <Text size="xs" c="dimmed" data-testid="credit-pending" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'normal' }}>
      в заказах, ещё не выставленных: {formatKopecks(credit.pending)}
    </Text>
  );
}

function Row({ label, value, testId, color, strong }: { label: string; value: string; testId: string; color?: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} c={color} data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

/** Debt, limit, what is available, overdue and due-soon debt; with `withOrder`, the order and what is left after it. */
export function CreditFigures({ credit, withOrder, guid }: { credit: ContractCredit; withOrder?: boolean; guid: string }) {
  return (
    <Stack gap={4} data-testid="credit-figures" data-guid={guid}>
      <Row label="Долг" value={formatKopecks(credit.debt)} testId="credit-debt" color={credit.debt > 0 ? 'red' : undefined} />
      {credit.overdue > 0 && <Row label="В т. ч. просрочено" value={formatKopecks(credit.overdue)} testId="credit-overdue" color="red" />}
      {credit.dueSoon > 0 && <Row label="В т. ч. скоро срок оплаты" value={formatKopecks(credit.dueSoon)} testId="credit-due-soon" color="orange" />}
      <Row label="Лимит" value={credit.limit > 0 ? formatKopecks(credit.limit) : 'без лимита'} testId="credit-limit" />
      <Row label="Доступно по лимиту" value={availableText(credit)} testId="credit-available" color={credit.available !== null && credit.available < 0 ? 'red' : undefined} />
      <Group justify="flex-end">
        <PendingNote credit={credit} />
      </Group>
      {withOrder && (
        <>
          <Row label="Заказ по договору" value={formatKopecks(credit.order)} testId="credit-order" />
          <Row
            label="Останется после заказа"
            value={credit.creditLeft === null ? '—' : formatKopecks(credit.creditLeft)}
            testId="credit-left"
            strong
            color={credit.creditLeft !== null && credit.creditLeft < 0 ? 'red' : undefined}
          />
        </>
      )}
    </Stack>
  );
}

/** The alerts of a contract's credit (overdue debt, a debt above the limit, an order above what is left), most urgent first. */
export function CreditAlerts({ credit }: { credit: ContractCredit }) {
  const alerts = creditAlerts(credit);
  if (alerts.length === 0) return null;
  return (
    <Stack gap="xs">
      {alerts.map((alert) => (
        <Alert
          key={alert.code}
          color={alert.code === 'OVERDUE_DEBT' ? 'orange' : 'red'}
          variant="light"
          icon={<IconAlertTriangle size={16} />}
          data-testid="credit-alert"
          data-code={alert.code}
        >
          {alert.message}
        </Alert>
      ))}
    </Stack>
  );
}

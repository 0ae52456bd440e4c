/** The running totals of the proposal, priced with the same rule as the server (packages/domain proposal-price.ts). */
import { Group, Paper, Text } from '@mantine/core';
import { formatPrice, proposalTotals } from '@portal/domain';
import { useProposalStore, type ProposalItem, type ProposalLine } from '../proposal-store';

/** A wizard line as the domain's proposal line. */
export const proposalLineInput = (item: ProposalItem, line: ProposalLine) => ({
  fullPrice: line.fullprice,
  retailPrice: line.retailprice,
  quantity: line.quantity,
  markup: item.markup,
});

/** `vatPercent`: the executor's rate on the proposal's date (null: «Без НДС»). */
export function useProposalTotals(vatPercent: number | null) {
  const items = useProposalStore((state) => state.items);
  return proposalTotals(
    items.flatMap((item) => item.lines.filter((line) => line.quantity > 0).map((line) => proposalLineInput(item, line))),
    vatPercent,
  );
}

/** The dealer's running totals on the prices step; the VAT is the preview's (this bar does not state it). */
export function ProposalTotalsBar() {
  const totals = useProposalTotals(null);
  return (
    <Paper withBorder radius="md" p="md" data-testid="kp-totals">
      <Group justify="flex-end" gap="xl" wrap="wrap">
        <Text size="sm" c="dimmed">
          Единиц: <b>{totals.count}</b>
        </Text>
        {totals.discount > 0 && (
          <Text size="sm" c="dimmed">
            Скидка заказчику: <b>{formatPrice(totals.discount)}</b>
          </Text>
        )}
        <Text size="sm" c="dimmed">
          По ценам портала: <b>{formatPrice(totals.fullTotal)}</b>
        </Text>
        <Text fw={700} size="lg" data-testid="kp-total">
          Итого: {formatPrice(totals.total)}
        </Text>
      </Group>
    </Paper>
  );
}

/**
 * The confirmation when the server refused an order because its prices changed (409 PRICES_CHANGED): each changed
 * line with its old and new unit price and sum and why it changed, the old and new «К оплате» side by side, and the
 * choice — send the order at the new prices, or go back to it.
 */
import type { TPricesChangedError } from '@portal/contracts';
import { formatPrice, fromKopecks, lineAmountKopecks, lineLabel, toKopecks } from '@portal/domain';
import { Alert, Button, Flex, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { PortalModal } from '../../../shared/ui/portal-modal';
import { StackedTable } from '../../../shared/ui/stacked-table';

interface PricesChangedModalProps {
  /** The server's answer; the dialog is closed while there is none. */
  conflict: TPricesChangedError | undefined;
  /** The order is being sent at the new prices. */
  sending: boolean;
  onConfirm(): void;
  onCancel(): void;
}

const sumOf = (price: number, quantity: number) => formatPrice(fromKopecks(lineAmountKopecks({ priceKopecks: toKopecks(price), quantity })));

export function PricesChangedModal({ conflict, sending, onConfirm, onCancel }: PricesChangedModalProps) {
  const oldTotal = conflict?.totals.old ?? 0;
  const newTotal = conflict?.totals.new ?? 0;
  const difference = toKopecks(newTotal) - toKopecks(oldTotal);
  return (
    <PortalModal opened={conflict !== undefined} onClose={onCancel} title="Цены изменились" size={960} data-testid="prices-changed">
      <Stack gap="md">
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
          Заказ не отправлен: сервер считает его по текущим ценам иначе, чем было показано. Проверьте новые цены и
          подтвердите — заказ уйдёт ровно по ним.
        </Alert>
        <StackedTable striped verticalSpacing="xs" data-testid="prices-changed-lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Позиция</Table.Th>
              <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>Кол-во</Table.Th>
              <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>Цена была</Table.Th>
              <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>Цена стала</Table.Th>
              <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>Сумма была</Table.Th>
              <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>Сумма стала</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {conflict?.changes.map((change) => (
              <Table.Tr key={change.guid} data-testid="price-change">
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {lineLabel(change.article, change.characteristic)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {change.reason_text}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {change.quantity} шт.
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" c="dimmed" td="line-through">
                    {formatPrice(change.old_price)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" fw={600}>
                    {formatPrice(change.new_price)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" c="dimmed" td="line-through">
                    {sumOf(change.old_price, change.quantity)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" fw={600}>
                    {sumOf(change.new_price, change.quantity)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </StackedTable>
        <SimpleGrid cols={2} spacing="md">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              К оплате было
            </Text>
            <Text size="lg" c="dimmed" td="line-through" data-testid="prices-changed-old-total">
              {formatPrice(oldTotal)}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              К оплате теперь
            </Text>
            <Text size="xl" fw={800} data-testid="prices-changed-new-total">
              {formatPrice(newTotal)}
            </Text>
            <Text size="sm" c={difference > 0 ? 'red' : 'teal'} fw={600}>
              {difference > 0 ? '+' : difference < 0 ? '−' : ''}
              {formatPrice(fromKopecks(Math.abs(difference)))}
            </Text>
          </Stack>
        </SimpleGrid>
        <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={sending}>
            Вернуться к заказу
          </Button>
          <Button onClick={onConfirm} loading={sending} data-testid="confirm-new-prices">
            Отправить по новым ценам
          </Button>
        </Flex>
      </Stack>
    </PortalModal>
  );
}

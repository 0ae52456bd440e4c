/**
 * One list of the working order (available or pre-order): per line stock, price, discount, quantity and sum. Where one
 * size of a product comes from two organisations, each of its rows names the organisation and the contract.
 */
import { ORDER_LIMITS, type OrderList, type Position } from '@portal/contracts';
import { arrivalText, formatPrice, fromKopecks, lineAmountKopecks, toKopecks } from '@portal/domain';
import { moscowToday } from '../../../shared/ui/contract-credit';
import { ActionIcon, Badge, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { AmountInput } from '../../../shared/ui/amount-input';
import { StackedTable } from '../../../shared/ui/stacked-table';

export interface OrderLinesTableProps {
  list: OrderList;
  positions: readonly Position[];
  onCount: (guid: string, lineGuid: string, count: number) => void;
  onRemove: (guid: string) => void;
  /** «ООО «ЭС» · договор № 12»: the organisation and the company's contract with it. */
  contractLabel: (organisation: string) => string;
}

/** Sizes of a position sold by more than one organisation. */
function sharedSizes(position: Position): Set<string> {
  const organisations = new Map<string, Set<string>>();
  for (const line of position.characteristics) organisations.set(line.CHARACTERISTIC, (organisations.get(line.CHARACTERISTIC) ?? new Set()).add(line.ORGGUID));
  return new Set([...organisations].filter(([, orgs]) => orgs.size > 1).map(([size]) => size));
}

export function OrderLinesTable({ list, positions, onCount, onRemove, contractLabel }: OrderLinesTableProps) {
  const presale = list === 'position_presail';
  return (
    <StackedTable verticalSpacing="xs" striped highlightOnHover data-testid={presale ? 'presale-lines' : 'available-lines'}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Товар</Table.Th>
            <Table.Th>Размер</Table.Th>
            <Table.Th ta="right">{presale ? 'Поставка' : 'Остаток'}</Table.Th>
            <Table.Th ta="right">Цена</Table.Th>
            <Table.Th ta="right">Скидка</Table.Th>
            <Table.Th>Количество</Table.Th>
            <Table.Th ta="right">Сумма</Table.Th>
            <Table.Th w={40} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {positions.flatMap((position) => {
            const shared = sharedSizes(position);
            return position.characteristics.map((line, index) => (
              <Table.Tr key={`${position.guid}-${line.GUID}`} data-testid={`line-${position.article}-${line.CHARACTERISTIC}`}>
                <Table.Td>
                  {index === 0 && (
                    <Stack gap={0}>
                      <Group gap={6}>
                        <Text fw={600} size="sm">
                          {position.article}
                        </Text>
                        {position.preorder && !presale && (
                          <Badge size="xs" color="orange" variant="light" style={{ overflow: 'visible' }}>
                            есть предзаказ
                          </Badge>
                        )}
                      </Group>
                      <Text size="xs" c="dimmed" lineClamp={1} maw={280}>
                        {position.product.NAME}
                      </Text>
                    </Stack>
                  )}
                </Table.Td>
                <Table.Td>
                  {line.CHARACTERISTIC}
                  {shared.has(line.CHARACTERISTIC) && (
                    <Text size="xs" c="dimmed" data-testid="line-contract">
                      {contractLabel(line.ORGGUID)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  {presale ? (
                    <Text size="xs" c="dimmed">
                      {arrivalText(line.PPDATA, moscowToday()) || 'по запросу'}
                    </Text>
                  ) : (
                    line.RESIDUE
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm">{formatPrice(line.PRICE)}</Text>
                  {line.discount > 0 && (
                    <Text size="xs" c="dimmed" td="line-through">
                      {formatPrice(line.fullprice)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{line.discount > 0 ? `${line.discount} %` : '—'}</Table.Td>
                <Table.Td>
                  <AmountInput
                    value={line.count}
                    max={ORDER_LIMITS.quantity.max}
                    onChange={(count) => onCount(position.guid, line.GUID, count)}
                    aria-label={`Количество ${position.article} ${line.CHARACTERISTIC}${presale ? ' (предзаказ)' : ''}`}
                    size="xs"
                    w={60}
                  />
                </Table.Td>
                <Table.Td ta="right" fw={600}>
                  {formatPrice(fromKopecks(lineAmountKopecks({ priceKopecks: toKopecks(line.PRICE), quantity: line.count })))}
                </Table.Td>
                <Table.Td>
                  {index === 0 && (
                    <Tooltip label="Убрать товар из заказа">
                      <ActionIcon variant="subtle" color="red" onClick={() => onRemove(position.guid)} aria-label={`Убрать ${position.article}`}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Table.Td>
              </Table.Tr>
            ));
          })}
        </Table.Tbody>
    </StackedTable>
  );
}

/**
 * One list of the working order (available or pre-order): per line stock, price, discount, quantity and sum. Where one
 * size of a product comes from two organisations, each of its rows names the organisation and the contract.
 */
import { ORDER_LIMITS, type Position } from '@portal/contracts';
import type { OrderList } from '../model/working-order';
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
            <Table.Th ta="right">Цена</Table.Th>
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
                      <Text size="xs" c="dimmed" miw="9rem" data-testid="line-name">
                        {position.product.NAME}
                      </Text>
                    </Stack>
                  )}
                </Table.Td>
                {/* The stock (or the arrival) under the size and the discount under the price: the name keeps the width to be read in full. */}
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }} data-testid="line-size">
                    {line.CHARACTERISTIC}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {presale ? `поставка ${arrivalText(line.PPDATA, moscowToday()) || 'по запросу'}` : `остаток ${line.RESIDUE}`}
                  </Text>
                  {shared.has(line.CHARACTERISTIC) && (
                    <Text size="xs" c="dimmed" data-testid="line-contract">
                      {contractLabel(line.ORGGUID)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm" data-testid="line-price">{formatPrice(line.PRICE)}</Text>
                  {line.discount > 0 && (
                    <Text size="xs" c="dimmed">
                      <Text span inherit td="line-through">
                        {formatPrice(line.fullprice)}
                      </Text>{' '}
                      −{line.discount} %
                    </Text>
                  )}
                </Table.Td>
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
                <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  <span data-testid="line-sum">{formatPrice(fromKopecks(lineAmountKopecks({ priceKopecks: toKopecks(line.PRICE), quantity: line.count })))}</span>
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

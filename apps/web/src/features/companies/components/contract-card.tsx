/** One contract (storage) of a company: its figures, how much of the limit is used, and its documents. */
import { Badge, Divider, Group, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { TStorage } from '@portal/contracts';
import { formatPrice, formatUnixDate } from '@portal/domain';
import { deferment, organisationName, percentText, priceTypeName } from './contract-labels';
import stackedTable from '../../../shared/ui/stacked-table.module.css';
import { Stat } from './stat';

export function ContractCard({ storage, now = Date.now() / 1000 }: { storage: TStorage; now?: number }) {
  const delay = deferment(storage.deferment, storage.case);
  const used = Math.max(0, storage.percent);
  const usedColor = used > 100 ? 'red' : used > 80 ? 'orange' : 'teal';
  return (
    <Paper withBorder radius="md" p="lg" data-testid="contract" data-guid={storage.guid}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Group gap="xs">
              <Title order={4}>{organisationName(storage.guid, storage.name)}</Title>
              <Badge variant="light" color="gray">
                {storage.name}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              Договор {storage.contract || 'без номера'}
            </Text>
          </div>
          <Stack gap={4} align="flex-end">
            <Badge variant="light">{priceTypeName(storage.pricetype)} цена</Badge>
            <Text size="sm" c="dimmed">
              Дата оплаты:{' '}
              <Text span fw={600} c={storage.date < 0 ? 'red' : undefined} data-testid="contract-date">
                {formatUnixDate(storage.date)}
              </Text>
            </Text>
          </Stack>
        </Group>

        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" verticalSpacing="md">
          <Stat label="Задолженность" value={formatPrice(storage.debt)} color={storage.debt > 0 ? 'red.7' : undefined} testId="contract-debt" />
          <Stat label="Баланс" value={formatPrice(storage.balance)} color={storage.balance < 0 ? 'red.7' : 'teal.7'} />
          <Stat label="Лимит" value={formatPrice(storage.limit)} />
          <Stat label="Потрачено" value={formatPrice(storage.spent)} />
          <Stat
            label="Отсрочка"
            value={
              <>
                {delay.value}
                {delay.kind && (
                  <Text span size="xs" c="dimmed" fw={400} ml={6}>
                    {delay.kind}
                  </Text>
                )}
              </>
            }
          />
          <Stat label="Скидка" value={percentText(storage.discount)} color={storage.discount <= 0 ? 'red.7' : undefined} testId="contract-discount" />
          <Stat label="Базовая скидка" value={percentText(storage.base_discount)} />
          <Stat label="Кэшбэк" value={percentText(storage.cashback)} />
        </SimpleGrid>

        {storage.limit > 0 && (
          <div>
            <Group justify="space-between" mb={4}>
              <Text size="xs" c="dimmed">
                Использовано лимита
              </Text>
              <Text size="xs" fw={600} c={usedColor}>
                {percentText(used)}
              </Text>
            </Group>
            <Progress value={Math.min(used, 100)} color={usedColor} size="sm" radius="xl" aria-label="Использовано лимита" />
          </div>
        )}

        <Divider label="Документы" labelPosition="left" />
        {storage.documents.length === 0 ? (
          <Text size="sm" c="dimmed">
            Документов по договору нет.
          </Text>
        ) : (
          <div className={stackedTable.frame}>
            <Table verticalSpacing={6} striped highlightOnHover className={stackedTable.table} data-testid="contract-documents">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Дата</Table.Th>
                  <Table.Th>Номер</Table.Th>
                  <Table.Th ta="right">Долг</Table.Th>
                  <Table.Th ta="right">Оплатить до</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {storage.documents.map((document) => {
                  const overdue = document.debt > 0 && document.expires >= 0 && document.expires < now;
                  return (
                    <Table.Tr key={document.number}>
                      <Table.Td>{formatUnixDate(document.date)}</Table.Td>
                      <Table.Td data-label="Номер">{document.number}</Table.Td>
                      <Table.Td ta="right" data-label="Долг" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                        {formatPrice(document.debt)}
                      </Table.Td>
                      <Table.Td ta="right" data-label="Оплатить до">
                        <Group gap={6} justify="flex-end" wrap="nowrap">
                          {overdue && (
                            <Badge size="xs" color="red" variant="light">
                              просрочен
                            </Badge>
                          )}
                          <Text size="sm" c={overdue ? 'red.7' : undefined}>
                            {formatUnixDate(document.expires)}
                          </Text>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </div>
        )}
      </Stack>
    </Paper>
  );
}

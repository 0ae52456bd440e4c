/** One contract (storage) of a company: its figures, how much of the limit is used, and its documents. */
import { Badge, Divider, Group, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { TStorage } from '@portal/contracts';
import { DOCUMENT_TERM_NAMES, documentTerm, formatPrice, formatUnixDate, type DocumentTerm } from '@portal/domain';
import { organisationName } from '@portal/domain';
import { deferment, percentText, priceTypeName } from './contract-labels';
import { PendingNote, availableText, creditOf, formatKopecks, moscowToday } from '../../../shared/ui/contract-credit';
import stackedTable from '../../../shared/ui/stacked-table.module.css';
import { Stat } from './stat';

/** How a document's term is marked; a current or paid one needs no mark. */
const TERM_COLORS: Partial<Record<DocumentTerm, string>> = { overdue: 'red', 'due-soon': 'orange', undated: 'gray' };

export function ContractCard({ storage }: { storage: TStorage }) {
  const today = moscowToday();
  const credit = creditOf(storage);
  const delay = deferment(storage.deferment, storage.case);
  // The share of the limit the debt takes, from the same figures as «Доступно» (not the back office's own percent).
  const used = credit.limitUsed ?? 0;
  const usedColor = used > 100 ? 'red' : used > 80 ? 'orange' : 'teal';
  return (
    <Paper withBorder radius="md" p="lg" data-testid="contract" data-guid={storage.guid}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Group gap="xs">
              <Title order={3} size="h4">{organisationName(storage.guid, storage.name)}</Title>
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
          <Stat label="Долг" value={formatKopecks(credit.debt)} color={credit.debt > 0 ? 'red' : undefined} testId="credit-debt" />
          <Stat label="Просрочено" value={formatKopecks(credit.overdue)} color={credit.overdue > 0 ? 'red' : 'teal'} testId="credit-overdue" />
          <Stat label="Лимит" value={credit.limit > 0 ? formatKopecks(credit.limit) : 'без лимита'} testId="credit-limit" />
          <Stat
            label="Доступно по лимиту"
            value={availableText(credit)}
            color={credit.available !== null && credit.available < 0 ? 'red' : undefined}
            testId="credit-available"
            note={<PendingNote credit={credit} />}
          />
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
          <Stat label="Скидка" value={percentText(storage.discount)} color={storage.discount <= 0 ? 'red' : undefined} testId="contract-discount" />
          <Stat label="Базовая скидка" value={percentText(storage.base_discount)} />
          <Stat label="Кэшбэк" value={percentText(storage.cashback)} />
        </SimpleGrid>

        {credit.limit > 0 && (
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
                  const term = documentTerm(document, today);
                  const color = TERM_COLORS[term];
                  return (
                    <Table.Tr key={document.number} data-testid="contract-document" data-term={term}>
                      <Table.Td>{formatUnixDate(document.date)}</Table.Td>
                      <Table.Td data-label="Номер">{document.number}</Table.Td>
                      <Table.Td ta="right" data-label="Долг" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                        {formatPrice(document.debt)}
                      </Table.Td>
                      <Table.Td ta="right" data-label="Оплатить до">
                        <Group gap={6} justify="flex-end" wrap="wrap">
                          {color && (
                            <Badge size="xs" color={color} variant="light" style={{ flexShrink: 0 }}>
                              {DOCUMENT_TERM_NAMES[term]}
                            </Badge>
                          )}
                          <Text size="sm" c={term === 'overdue' ? 'red' : undefined}>
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

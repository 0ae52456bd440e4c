/** The user's companies on the main page: each with a summary of its contracts and a way to its page. */
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { TCompany } from '@portal/contracts';
import { companyWarnings, currentDiscount, formatUnixDate, organisationName, partnerWarnings, shortenCompanyName } from '@portal/domain';
import { IconAlertTriangle, IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { PendingNote, availableText, creditOf, formatKopecks, moscowToday } from '../../../shared/ui/contract-credit';
import stackedTable from '../../../shared/ui/stacked-table.module.css';

const percent = (value: number) => `${Number(value.toFixed(2))} %`;

function CompanyCard({ company }: { company: TCompany }) {
  const warnings = companyWarnings(company, moscowToday());
  const contracts = company.storages.map((storage) => ({ storage, credit: creditOf(storage) }));
  // Kopecks add up exactly.
  const debt = contracts.reduce((sum, { credit }) => sum + credit.debt, 0);
  const overdue = contracts.reduce((sum, { credit }) => sum + credit.overdue, 0);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', xs: 'lg' }} data-testid="company-summary" data-uid={company.uid}>
      <Group justify="space-between" align="flex-start" mb="md" gap="xs">
        <div>
          <Anchor component={Link} to={paths.company(company.uid)} fw={700} fz="lg" c="var(--mantine-color-text)">
            {shortenCompanyName(company.name)}
          </Anchor>
          <Text size="sm" c="dimmed">
            ИНН {company.inn} · менеджер {company.managerName || 'не назначен'}
          </Text>
        </div>
        {warnings.length > 0 ? (
          <Badge color="orange" variant="light" leftSection={<IconAlertTriangle size={12} />}>
            Замечаний: {warnings.length}
          </Badge>
        ) : (
          <Badge color="teal" variant="light">
            Всё в порядке
          </Badge>
        )}
      </Group>

      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" mb="md">
        <div>
          <Text size="xs" c="dimmed">
            Текущая скидка
          </Text>
          <Text fw={700} fz="lg">
            {percent(currentDiscount(company.storages))}
          </Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            Задолженность
          </Text>
          <Text fw={700} fz="lg" c={debt > 0 ? 'red' : undefined} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatKopecks(debt)}
          </Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            Просрочено
          </Text>
          <Text fw={700} fz="lg" c={overdue > 0 ? 'red' : 'teal'} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="company-overdue">
            {formatKopecks(overdue)}
          </Text>
        </div>
      </SimpleGrid>

      {company.storages.length > 0 && (
        <div className={stackedTable.frame}>
          <Table verticalSpacing={6} fz="sm" className={stackedTable.table}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Договор</Table.Th>
                <Table.Th ta="right">Долг</Table.Th>
                <Table.Th ta="right">Просрочено</Table.Th>
                <Table.Th ta="right">Доступно по лимиту</Table.Th>
                <Table.Th ta="right">Скидка</Table.Th>
                <Table.Th ta="right">Дата оплаты</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {contracts.map(({ storage, credit }) => (
                <Table.Tr key={storage.guid} data-testid="contract-credit-row" data-guid={storage.guid}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{organisationName(storage.guid, storage.name)}</Table.Td>
                  <Table.Td ta="right" data-label="Долг" data-testid="credit-debt" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                    {formatKopecks(credit.debt)}
                  </Table.Td>
                  <Table.Td ta="right" data-label="Просрочено" data-testid="credit-overdue" c={credit.overdue > 0 ? 'red' : undefined} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                    {formatKopecks(credit.overdue)}
                  </Table.Td>
                  <Table.Td
                    ta="right"
                    data-label="Доступно"
                    c={credit.available !== null && credit.available < 0 ? 'red' : undefined}
                    style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
                  >
                    <span data-testid="credit-available">{availableText(credit)}</span>
                    <PendingNote credit={credit} />
                  </Table.Td>
                  <Table.Td ta="right" data-label="Скидка">
                    {percent(storage.discount)}
                  </Table.Td>
                  <Table.Td ta="right" data-label="Дата оплаты" style={{ whiteSpace: 'nowrap' }}>
                    {formatUnixDate(storage.date)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}

      <Group justify="flex-end" mt="sm">
        <Button component={Link} to={paths.company(company.uid)} variant="subtle" size="xs" rightSection={<IconChevronRight size={14} />}>
          Подробнее о компании
        </Button>
      </Group>
    </Paper>
  );
}

export function CompaniesSummary({ companies, loading }: { companies: TCompany[] | undefined; loading: boolean }) {
  return (
    <Stack gap="md" data-testid="companies">
      <Title order={2} size="h3">Мои компании</Title>
      {loading ? (
        <>
          <Skeleton height={230} radius="md" />
          <Skeleton height={230} radius="md" />
        </>
      ) : !companies ? (
        <Text c="dimmed">Компании не загрузились. Обновите страницу.</Text>
      ) : companies.length === 0 ? (
        <Paper withBorder radius="md" p="lg">
          <Text>{partnerWarnings([], moscowToday())[0]?.message}</Text>
        </Paper>
      ) : (
        companies.map((company) => <CompanyCard key={company.uid} company={company} />)
      )}
    </Stack>
  );
}

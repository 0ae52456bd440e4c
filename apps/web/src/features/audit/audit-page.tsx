/**
 * /companies/:uid/audit — the record of who did what in the company, for its administrators: who, when (Moscow time),
 * what and from which address; filtered by person, action and period, 50 a page; exported as CSV or XLSX with the
 * same filters.
 */
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, auditChangesText, shortenCompanyName, type AuditAction } from '@portal/domain';
import { Alert, Button, Card, Center, Group, Loader, Pagination, Select, Stack, Table, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { usePartners } from '../../shared/api/get-partners';
import { reportError } from '../../shared/errors';
// The calendar's month and day names in Russian.
import '../../shared/lib/dayjs';
import { StackedTable } from '../../shared/ui/stacked-table';
import { downloadAudit, useAuditPage, type AuditFilter } from './api/get-audit';
import classes from './audit-page.module.css';

const moscowTime = (unix: number) =>
  new Date(unix * 1000)
    .toLocaleString('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' })
    .replace(',', '');

export function AuditPage() {
  const { uid = '' } = useParams();
  const partners = usePartners();
  const company = partners.data?.find((candidate) => candidate.uid === uid);
  const [filter, setFilter] = useState<AuditFilter>({});
  const [page, setPage] = useState(1);
  const journal = useAuditPage(uid, { ...filter, page });
  const [exporting, setExporting] = useState<'csv' | 'xlsx'>();

  const change = (next: AuditFilter) => {
    setFilter({ ...filter, ...next });
    setPage(1);
  };

  const exportAs = async (format: 'csv' | 'xlsx') => {
    setExporting(format);
    try {
      await downloadAudit(uid, filter, format);
    } catch (error) {
      reportError('EXPORT_AUDIT', error);
    } finally {
      setExporting(undefined);
    }
  };

  return (
    <Stack gap="lg" maw={1200} mx="auto" data-testid="audit-page">
      <div>
        <Title order={1} size="h2">
          Журнал действий
        </Title>
        <Text c="dimmed" size="sm">
          {company ? `${shortenCompanyName(company.name)}: ` : ''}кто, когда и что сделал в портале, с какого адреса. Записи хранятся год.
        </Text>
      </div>
      <Card withBorder radius="md" padding="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Сотрудник"
            placeholder="Все"
            clearable
            data={(journal.data?.people ?? []).map((person) => ({ value: String(person.id), label: person.name }))}
            value={filter.person ? String(filter.person) : null}
            onChange={(value) => change({ person: value ? Number(value) : undefined })}
            w={{ base: '100%', sm: 220 }}
          />
          <Select
            label="Действие"
            placeholder="Все"
            clearable
            data={AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] }))}
            value={filter.action ?? null}
            onChange={(value) => change({ action: (value as AuditAction | null) ?? undefined })}
            w={{ base: '100%', sm: 260 }}
          />
          <DatePickerInput
            label="С"
            placeholder="ДД.ММ.ГГГГ"
            valueFormat="DD.MM.YYYY"
            value={filter.from ?? null}
            onChange={(value) => change({ from: value || undefined })}
            maxDate={filter.to}
            clearable
            w={{ base: '47%', sm: 160 }}
          />
          <DatePickerInput
            label="По"
            placeholder="ДД.ММ.ГГГГ"
            valueFormat="DD.MM.YYYY"
            value={filter.to ?? null}
            onChange={(value) => change({ to: value || undefined })}
            minDate={filter.from}
            clearable
            w={{ base: '47%', sm: 160 }}
          />
          <Group gap="xs">
            <Button variant="default" leftSection={<IconDownload size={16} />} loading={exporting === 'csv'} onClick={() => void exportAs('csv')}>
              CSV
            </Button>
            <Button variant="default" leftSection={<IconDownload size={16} />} loading={exporting === 'xlsx'} onClick={() => void exportAs('xlsx')}>
              XLSX
            </Button>
          </Group>
        </Group>
      </Card>
      {journal.isLoading && (
        <Center py="xl">
          <Loader />
        </Center>
      )}
      {journal.isError && (
        <Alert color="red" variant="light">
          {(journal.error as Error).message}
        </Alert>
      )}
      {journal.data && journal.data.records.length === 0 && (
        <Text c="dimmed" ta="center" py="lg">
          За выбранный период записей нет.
        </Text>
      )}
      {journal.data && journal.data.records.length > 0 && (
        <Card withBorder radius="md" padding={0}>
          <StackedTable striped verticalSpacing="xs" data-testid="audit-records">
            <Table.Thead>
              <Table.Tr>
                <Table.Th style={{ whiteSpace: 'nowrap' }}>Когда (МСК)</Table.Th>
                <Table.Th>Сотрудник</Table.Th>
                <Table.Th>Действие</Table.Th>
                <Table.Th>Объект</Table.Th>
                <Table.Th>Изменения</Table.Th>
                <Table.Th style={{ whiteSpace: 'nowrap' }}>IP-адрес</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {journal.data.records.map((record) => (
                <Table.Tr key={record.id} data-testid="audit-record">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{moscowTime(record.time)}</Table.Td>
                  <Table.Td>{record.person || record.login}</Table.Td>
                  <Table.Td>{record.action_name}</Table.Td>
                  <Table.Td>{record.object}</Table.Td>
                  <Table.Td className={classes.changes}>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {auditChangesText(record.changes)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{record.ip}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </StackedTable>
        </Card>
      )}
      {journal.data && journal.data.pages > 1 && (
        <Center>
          <Pagination total={journal.data.pages} value={page} onChange={setPage} />
        </Center>
      )}
    </Stack>
  );
}

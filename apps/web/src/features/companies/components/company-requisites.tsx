/** The company's requisites (spec §3 "Company"): INN, bank details, address and contacts. */
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TCompany } from '@portal/contracts';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ wordBreak: 'break-word' }}>
        {value || '—'}
      </Text>
    </Stack>
  );
}

export function CompanyRequisites({ company }: { company: TCompany }) {
  return (
    <Paper withBorder radius="md" p="lg" data-testid="company-requisites">
      <Title order={2} size="h4" mb="md">
        Реквизиты
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" verticalSpacing="md">
        <Field label="ИНН" value={company.inn} />
        <Field label="БИК" value={company.bik} />
        <Field label="Расчётный счёт" value={company.payment} />
        <Field label="Корреспондентский счёт" value={company.correspondent} />
        <Field label="E-mail" value={company.email} />
        <Field label="Телефон" value={company.phone} />
      </SimpleGrid>
      <Stack mt="md">
        <Field label="Адрес" value={company.address} />
      </Stack>
    </Paper>
  );
}

/** Whose prices the page shows: the company in use, with a chooser when the user has several companies. */
import { Text } from '@mantine/core';
import { shortenCompanyName } from '@portal/domain';
import { useCompanyInUse } from '../company-in-use';
import { DeferredSelect } from './deferred-select';

export function CompanyInUseSelect() {
  const { company, companies, choose } = useCompanyInUse();
  if (!company) return null;
  if (companies.length === 1) {
    return (
      <Text size="sm" c="dimmed" data-testid="company-in-use">
        Цены для {shortenCompanyName(company.name)}
      </Text>
    );
  }
  return (
    <DeferredSelect
      label="Цены для компании"
      size="xs"
      w={{ base: '100%', xs: 280 }}
      data={companies.map((candidate) => ({ value: candidate.uid, label: shortenCompanyName(candidate.name) }))}
      value={company.uid}
      onChange={(uid) => uid && choose(uid)}
      allowDeselect={false}
      data-testid="company-in-use"
    />
  );
}

/** A screen of the user's own things that needs an action some company of theirs allows: otherwise, the reason. */
import { Alert } from '@mantine/core';
import type { CompanyAction } from '@portal/domain';
import { IconLock } from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { usePartners } from '../api/get-partners';
import { anyCompanyMay, roleRefusalText } from '../company-roles';

export function RoleGate({ action, children }: { action: CompanyAction; children: ReactNode }) {
  const partners = usePartners();
  const companies = partners.data ?? [];
  // While the companies load (or if they fail), the screen shows as before: the server still refuses what it must.
  if (!partners.isSuccess || companies.length === 0 || anyCompanyMay(companies, action)) return children;
  return (
    <Alert color="gray" variant="light" icon={<IconLock size={18} />} title="Раздел недоступен для вашей роли" maw={720} mx="auto" data-testid="role-refusal">
      {roleRefusalText(companies, action)}
    </Alert>
  );
}

/**
 * A route's page loader whose page stands behind `RoleGate` (for `lazyPage`, which keeps preloading the page as before).
 */
export function gated(action: CompanyAction, load: () => Promise<ComponentType>): () => Promise<ComponentType> {
  return () =>
    load().then((Page) => {
      const GatedPage = () => (
        <RoleGate action={action}>
          <Page />
        </RoleGate>
      );
      return GatedPage;
    });
}

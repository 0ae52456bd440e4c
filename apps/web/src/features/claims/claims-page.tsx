/** /claims — the claims of the user's companies, by bitrix_id descending (a missing one as 0), with status history. */
import { Accordion, Button, Skeleton, Stack } from '@mantine/core';
import { IconMessageReport, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useReportError } from '../../shared/lib/use-report-error';
import { EmptyState } from '../../shared/ui/empty-state';
import { LoadFailedAlert } from '../../shared/ui/load-failed-alert';
import { PageHeader } from '../../shared/ui/page-header';
import { useClaims } from './api/get-claims';
import { ClaimItem } from './components/claim-item';

export function ClaimsPage() {
  const claims = useClaims();
  useReportError('GET_CLAIMS', claims.error);

  return (
    <Stack gap="lg" maw={1280}>
      <PageHeader
        icon={<IconMessageReport size={26} stroke={1.6} />}
        title="Рекламации"
        text="Претензии по качеству и комплектности поставок и ход их рассмотрения"
        actions={
          <Button component={Link} to={paths.claimRequest} leftSection={<IconPlus size={18} />}>
            Новая рекламация
          </Button>
        }
      />

      {claims.isPending ? (
        <Stack gap="sm">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={68} radius="md" />
          ))}
        </Stack>
      ) : claims.isError ? (
        <LoadFailedAlert title="Рекламации не загрузились" error={claims.error} onRetry={() => void claims.refetch()} />
      ) : claims.data.length === 0 ? (
        <EmptyState
          data-testid="claims-empty"
          icon={<IconMessageReport size={34} stroke={1.5} />}
          title="Рекламаций нет"
          text="Если товар пришёл с браком, не той комплектации или повреждённым — опишите проблему и приложите фото."
          action={
            <Button component={Link} to={paths.claimRequest} mt="sm" leftSection={<IconPlus size={18} />}>
              Подать рекламацию
            </Button>
          }
        />
      ) : (
        <Accordion variant="separated" radius="md" chevronPosition="right" data-testid="claims-list">
          {claims.data.map((claim) => (
            <ClaimItem key={claim.id} claim={claim} />
          ))}
        </Accordion>
      )}
    </Stack>
  );
}

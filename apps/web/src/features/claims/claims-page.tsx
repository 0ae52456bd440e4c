/** /claims — the claims of the user's companies, by bitrix_id descending (a missing one as 0), with status history. */
import { Accordion, Alert, Button, Center, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMessageReport, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useReportError } from '../../shared/lib/use-report-error';
import { useClaims } from './api/get-claims';
import { ClaimItem } from './components/claim-item';

export function ClaimsPage() {
  const claims = useClaims();
  useReportError('GET_CLAIMS', claims.error);

  return (
    <Stack gap="lg" maw={1280}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Group gap="md" wrap="nowrap">
          <ThemeIcon size={48} radius="md" variant="light" visibleFrom="xs">
            <IconMessageReport size={26} stroke={1.6} />
          </ThemeIcon>
          <Stack gap={2}>
            <Title order={2}>Рекламации</Title>
            <Text size="sm" c="dimmed">
              Претензии по качеству и комплектности поставок и ход их рассмотрения
            </Text>
          </Stack>
        </Group>
        <Button component={Link} to={paths.claimRequest} leftSection={<IconPlus size={18} />}>
          Новая рекламация
        </Button>
      </Group>

      {claims.isPending ? (
        <Stack gap="sm">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={68} radius="md" />
          ))}
        </Stack>
      ) : claims.isError ? (
        <Alert color="red" title="Рекламации не загрузились">
          <Text size="sm" mb="sm">
            {claims.error.message}
          </Text>
          <Button size="xs" variant="light" color="red" onClick={() => void claims.refetch()}>
            Повторить
          </Button>
        </Alert>
      ) : claims.data.length === 0 ? (
        <Paper withBorder radius="md" p="xl" data-testid="claims-empty">
          <Center>
            <Stack align="center" gap="xs" maw={440} ta="center">
              <ThemeIcon size={64} radius="xl" variant="light" color="gray">
                <IconMessageReport size={34} stroke={1.5} />
              </ThemeIcon>
              <Title order={3}>Рекламаций нет</Title>
              <Text size="sm" c="dimmed">
                Если товар пришёл с браком, не той комплектации или повреждённым — опишите проблему и приложите фото.
              </Text>
              <Button component={Link} to={paths.claimRequest} mt="sm" leftSection={<IconPlus size={18} />}>
                Подать рекламацию
              </Button>
            </Stack>
          </Center>
        </Paper>
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

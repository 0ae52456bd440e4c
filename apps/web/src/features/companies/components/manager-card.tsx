/** The company's manager (spec §1: each company has an assigned manager), with ways to reach them. */
import { Anchor, Avatar, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMail, IconPhone } from '@tabler/icons-react';
import { useReportError } from '../../../shared/lib/use-report-error';
import { useManagers } from '../api/get-managers';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part[0] ?? '')
    .join('')
    .toUpperCase();

export function ManagerCard({ partnerId }: { partnerId: string }) {
  const managers = useManagers(partnerId);
  useReportError('GET_MANAGERS', managers.error);
  const manager = managers.data?.[0];

  return (
    <Paper withBorder radius="md" p="lg" data-testid="manager-card">
      <Title order={2} size="h4" mb="md">
        Ваш менеджер
      </Title>
      {managers.isPending ? (
        <Group>
          <Skeleton circle height={56} />
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton height={12} width="70%" />
            <Skeleton height={10} width="50%" />
          </Stack>
        </Group>
      ) : !manager ? (
        <Text size="sm" c="dimmed">
          {managers.isError ? 'Не удалось загрузить данные менеджера.' : 'Менеджер пока не назначен — обратитесь в общий отдел продаж.'}
        </Text>
      ) : (
        <Stack gap="sm">
          <Group wrap="nowrap">
            <Avatar src={manager.photo} size={56} radius="xl" color="blue" alt={manager.name}>
              {initials(manager.name)}
            </Avatar>
            <div>
              <Text fw={600} data-testid="manager-name">
                {manager.name}
              </Text>
              <Text size="sm" c="dimmed">
                {manager.position}
              </Text>
            </div>
          </Group>
          {manager.phone && (
            <Group gap={8} wrap="nowrap">
              <IconPhone size={16} stroke={1.6} color="var(--mantine-color-dimmed)" />
              <Anchor href={`tel:${manager.phone.replace(/[^\d+]/g, '')}`} size="sm">
                {manager.phone}
              </Anchor>
            </Group>
          )}
          {manager.email && (
            <Group gap={8} wrap="nowrap">
              <IconMail size={16} stroke={1.6} color="var(--mantine-color-dimmed)" />
              <Anchor href={`mailto:${manager.email}`} size="sm">
                {manager.email}
              </Anchor>
            </Group>
          )}
        </Stack>
      )}
    </Paper>
  );
}

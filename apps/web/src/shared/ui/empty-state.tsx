import { Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** What a list shows when it has nothing yet: an icon, what is missing, how it gets filled, and the action that fills it. */
export function EmptyState({
  icon,
  title,
  text,
  action,
  'data-testid': testId,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action?: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <Paper withBorder radius="md" p="xl" data-testid={testId}>
      <Center>
        <Stack align="center" gap="xs" maw={440} ta="center">
          <ThemeIcon size={64} radius="xl" variant="light" color="gray">
            {icon}
          </ThemeIcon>
          <Title order={2} size="h3">{title}</Title>
          <Text size="sm" c="dimmed">
            {text}
          </Text>
          {action}
        </Stack>
      </Center>
    </Paper>
  );
}

import { Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The title row of a page: an icon (hidden on the narrowest phones), the title, a line of explanation and the page's actions. */
export function PageHeader({ icon, title, text, actions }: { icon: ReactNode; title: string; text?: string; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
      <Group gap="md" wrap="nowrap">
        <ThemeIcon size={48} radius="md" variant="light" visibleFrom="xs">
          {icon}
        </ThemeIcon>
        <Stack gap={2}>
          <Title order={1} size="h2">{title}</Title>
          {text && (
            <Text size="sm" c="dimmed">
              {text}
            </Text>
          )}
        </Stack>
      </Group>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}

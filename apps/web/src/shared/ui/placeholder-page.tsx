import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';

/** A clear empty state for a screen whose content is not there yet — never a broken page. */
export function PlaceholderPage({ title, text = 'Раздел наполняется. Загляните позже.' }: { title: string; text?: string }) {
  return (
    <Center mih={360}>
      <Stack align="center" gap="xs">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconTools size={30} />
        </ThemeIcon>
        <Title order={1} size="h2">{title}</Title>
        <Text c="dimmed">{text}</Text>
      </Stack>
    </Center>
  );
}

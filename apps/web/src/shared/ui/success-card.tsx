import { Button, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The confirmation after a request was accepted. */
export function SuccessCard({ title, text, primary, secondary }: { title: string; text: ReactNode; primary: { to: string; label: string }; secondary: { to: string; label: string } }) {
  return (
    <Center mih={420}>
      <Paper withBorder radius="lg" p="xl" maw={520} w="100%" shadow="sm">
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={72} radius="xl" color="teal" variant="light">
            <IconCircleCheck size={42} stroke={1.5} />
          </ThemeIcon>
          <Title order={1} size="h2">{title}</Title>
          <Text c="dimmed">{text}</Text>
          <Group mt="md">
            <Button component={Link} to={secondary.to} variant="default">
              {secondary.label}
            </Button>
            <Button component={Link} to={primary.to}>
              {primary.label}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}

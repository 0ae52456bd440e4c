import { Stack, Text, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';

/** One labelled figure of a card: a small caption above a prominent value, and a note under it when there is one. */
export function Stat({ label, value, color, testId, note }: { label: string; value: ReactNode; color?: MantineColor; testId?: string; note?: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: 0.3 }}>
        {label}
      </Text>
      <Text fw={600} size="md" c={color} data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
      {note}
    </Stack>
  );
}

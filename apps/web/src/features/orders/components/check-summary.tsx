/**
 * What a check (the part of an order one organisation sells) says first, in the history card and on the order's own
 * page: the organisation, the check's status and its sum (on one line).
 */
import type { TOrderCheck } from '@portal/contracts';
import { formatPrice } from '@portal/domain';
import { Badge, Group, Text } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';

/** The colour of a check's status badge, by the back office's status number. */
const statusColor = (status: number) => ({ 1: 'teal', 6: 'blue', 5: 'orange', 3: 'gray', 4: 'red', 2: 'violet' })[status] ?? 'gray';

export function CheckSummary({ check }: { check: TOrderCheck }) {
  return (
    <Group gap="xs">
      <IconReceipt size={16} />
      <Text size="sm" fw={600}>
        {check.org_name}
      </Text>
      <Badge size="sm" color={statusColor(check.status)} variant="light">
        {check.status_name}
      </Badge>
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {formatPrice(check.total)}
      </Text>
    </Group>
  );
}

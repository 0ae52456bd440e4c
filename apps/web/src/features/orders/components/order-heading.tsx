/**
 * What an order says first, in the history card and on the order's own page: its title with the reservation, pre-order
 * and «изменён» badges, the dealer's own name for it, and the date, company and how much it holds.
 */
import type { TOrderListItem } from '@portal/contracts';
import { formatUnixDate, reservationBadge } from '@portal/domain';
import { Badge, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type HeadedOrder = Pick<TOrderListItem, 'n' | 'name' | 'date' | 'partner_name' | 'checks' | 'edit' | 'count' | 'total_count' | 'preorder_count'>;

/** `title` is the heading (a link on the history card); `children` are more badges after the order's own. */
export function OrderHeading({ order, title, children }: { order: HeadedOrder; title: ReactNode; children?: ReactNode }) {
  const reservation = reservationBadge(order.checks, order.preorder_count, order.total_count);
  // The server names an unnamed order «Заказ № n»: the title already says that, so only a dealer's own name is shown.
  const named = order.name.trim() !== '' && order.name !== `Заказ № ${order.n}`;
  return (
    <Stack gap={4} style={{ flex: '1 1 240px', minWidth: 0 }}>
      <Group gap="xs">
        {title}
        <Badge color={reservation.color} variant="light" data-testid="order-reservation">
          {reservation.label}
        </Badge>
        {reservation.preorderNote && (
          // The page's own text colour on a light orange ground: orange letters on white fall below AA contrast.
          <Badge color="orange" variant="light" c="var(--mantine-color-text)" data-testid="order-preorder">
            {reservation.preorderNote}
          </Badge>
        )}
        {order.edit && (
          <Badge color="grape" variant="light">
            изменён
          </Badge>
        )}
        {children}
      </Group>
      {named && (
        <Text fw={600} data-testid="order-name" style={{ overflowWrap: 'anywhere' }}>
          {order.name}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {formatUnixDate(order.date)} · {order.partner_name} · {order.count} поз., {order.total_count} шт.
      </Text>
    </Stack>
  );
}

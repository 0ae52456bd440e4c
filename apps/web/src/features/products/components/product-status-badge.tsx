import { Badge } from '@mantine/core';

const STATUS: Record<string, { label: string; color: string }> = {
  Outlet: { label: 'Аутлет', color: 'grape' },
  Discount: { label: 'Уценка', color: 'red' },
  Activity: { label: 'Акция', color: 'orange' },
};

/** Outlet, Discount and Activity products take no contract discount: the badge says why. */
export function ProductStatusBadge({ status }: { status: string }) {
  const known = STATUS[status];
  if (!known) return null;
  return (
    <Badge color={known.color} variant="filled" title="Скидка по договору на этот товар не действует">
      {known.label}
    </Badge>
  );
}

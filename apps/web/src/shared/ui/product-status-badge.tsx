import { Badge, type BadgeProps } from '@mantine/core';
import { productStatusLabel } from '@portal/domain';

/** Each status's colour; its name is the domain's (product-status.ts). */
const STATUS_COLORS: Record<string, string> = { Outlet: 'grape', Discount: 'red', Activity: 'orange' };

/** Outlet, Discount and Activity products take no contract discount: the badge says why. Nothing for other products. */
export function ProductStatusBadge({ status, ...placement }: { status: string } & Omit<BadgeProps, 'color' | 'children'>) {
  const label = productStatusLabel(status);
  if (!label) return null;
  return (
    <Badge color={STATUS_COLORS[status]} variant="filled" title="Скидка по договору на этот товар не действует" {...placement}>
      {label}
    </Badge>
  );
}

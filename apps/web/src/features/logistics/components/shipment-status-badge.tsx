import { Badge } from '@mantine/core';
import { shipmentStatusName } from '@portal/domain';

const COLORS: Record<string, string> = { new: 'blue', planned: 'violet', shipped: 'orange', delivered: 'teal', cancelled: 'gray' };

export function ShipmentStatusBadge({ status }: { status: string }) {
  return (
    <Badge variant="light" color={COLORS[status] ?? 'gray'} radius="sm">
      {shipmentStatusName(status)}
    </Badge>
  );
}

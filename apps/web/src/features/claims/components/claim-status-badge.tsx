import { Badge } from '@mantine/core';
import { claimStatusName } from '@portal/domain';

export const CLAIM_STATUS_COLORS: Record<string, string> = {
  new: 'blue',
  review: 'orange',
  approved: 'teal',
  partially_approved: 'lime',
  rejected: 'red',
  closed: 'gray',
};

export function ClaimStatusBadge({ status }: { status: string }) {
  return (
    <Badge variant="light" color={CLAIM_STATUS_COLORS[status] ?? 'gray'} radius="sm">
      {claimStatusName(status)}
    </Badge>
  );
}

/**
 * «Запросить счёт» for one check, in the history card and on the order's page: the button where the check may be
 * billed; on a pre-order check a disabled one that says why, instead of hiding the action without a word.
 */
import type { TOrderCheck } from '@portal/contracts';
import { CHECK_STATUS, billRequestRefusal, canRequestBill } from '@portal/domain';
import { Button, Tooltip } from '@mantine/core';

export function BillRequest({
  check,
  onRequest,
  loading,
  size,
  variant,
}: {
  check: TOrderCheck;
  onRequest: () => void;
  loading: boolean;
  size: 'compact-xs' | 'compact-sm';
  /** The live button's look; the disabled one is always subtle. */
  variant: 'subtle' | 'light';
}) {
  if (canRequestBill(check.status)) {
    return (
      <Button size={size} variant={variant} onClick={onRequest} loading={loading}>
        Запросить счёт
      </Button>
    );
  }
  if (check.status !== CHECK_STATUS.PREORDER) return null;
  return (
    <Tooltip label={billRequestRefusal(check.status)} multiline w={280}>
      <Button size={size} variant="subtle" data-disabled aria-disabled onClick={(event) => event.preventDefault()}>
        Запросить счёт
      </Button>
    </Tooltip>
  );
}

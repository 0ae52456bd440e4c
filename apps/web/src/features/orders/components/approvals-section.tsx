/**
 * The history's section of orders kept «На согласовании»: a purchaser sees their orders waiting or rejected (with the
 * reason); the company's administrators see them all and approve or reject. Approving places the order as priced,
 * or shows the prices-changed dialog when prices moved since; the approved order then appears in the history below.
 */
import type { TOrderApproval, TPricesChangedError } from '@portal/contracts';
import { formatPrice, formatUnixDate, shortenCompanyName } from '@portal/domain';
import { Badge, Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconPencil, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { partnersQueryOptions } from '../../../shared/api/get-partners';
import { reportError } from '../../../shared/errors';
import { PortalModal } from '../../../shared/ui/portal-modal';
import { useApproveOrder, useOrderApprovals, useRejectOrder } from '../api/order-approvals';
import { pricesChangedOf } from '../api/submit-order';
import { fromApproval } from '../model/from-approval';
import { useReplaceWorkingOrder } from '../model/use-order-actions';
import { LinkedCard } from './linked-card';
import { PricesChangedModal } from './prices-changed-modal';

const STATE_BADGES: Record<TOrderApproval['state'], { label: string; color: string }> = {
  pending: { label: 'На согласовании', color: 'yellow' },
  approving: { label: 'Согласуется', color: 'blue' },
  rejected: { label: 'Отклонён', color: 'red' },
};

export function ApprovalsSection({ highlighted }: { highlighted: number | null }) {
  const approvals = useOrderApprovals();
  const navigate = useNavigate();
  const approve = useApproveOrder();
  const reject = useRejectOrder();
  const [conflict, setConflict] = useState<{ id: number; error: TPricesChangedError }>();
  const [rejecting, setRejecting] = useState<TOrderApproval>();
  const [reason, setReason] = useState('');
  const queryClient = useQueryClient();
  const replaceWorkingOrder = useReplaceWorkingOrder();
  const [loading, setLoading] = useState<number>();

  /** The purchaser's rejected order back in the working order, priced for today, to change and send again. */
  const doResend = async (approval: TOrderApproval) => {
    setLoading(approval.id);
    try {
      const companies = await queryClient.fetchQuery(partnersQueryOptions());
      replaceWorkingOrder(await fromApproval(approval, companies.find((company) => company.uid === approval.partner_guid)));
    } catch (error) {
      reportError('GET_ORDER', error);
    } finally {
      setLoading(undefined);
    }
  };

  if (!approvals.data || approvals.data.length === 0) return null;

  const doApprove = async (id: number, confirmed?: TPricesChangedError['order']) => {
    try {
      const placed = await approve.mutateAsync({ id, confirmed });
      setConflict(undefined);
      notifications.show({ color: 'teal', title: 'Заказ согласован', message: placed.message, autoClose: 12_000 });
      navigate(`${paths.orders}?n=${placed.id}`);
    } catch (error) {
      const changed = pricesChangedOf(error);
      if (changed) setConflict({ id, error: changed });
      else {
        setConflict(undefined);
        reportError('APPROVE_ORDER', error);
      }
    }
  };

  const doReject = async () => {
    if (!rejecting) return;
    try {
      await reject.mutateAsync({ id: rejecting.id, reason });
      notifications.show({ color: 'teal', message: 'Заказ отклонён: закупщик увидит причину в истории заказов.' });
      setRejecting(undefined);
      setReason('');
    } catch (error) {
      reportError('REJECT_ORDER', error);
    }
  };

  return (
    <Stack gap="sm" data-testid="order-approvals">
      <Title order={2} size="h4">
        Согласование заказов
      </Title>
      {approvals.data.map((approval) => (
        <ApprovalCard
          key={approval.id}
          approval={approval}
          highlighted={approval.id === highlighted}
          busy={approve.isPending && approve.variables?.id === approval.id}
          onApprove={() => void doApprove(approval.id)}
          onReject={() => {
            setReason('');
            setRejecting(approval);
          }}
          loading={loading === approval.id}
          onResend={() => void doResend(approval)}
        />
      ))}
      <PricesChangedModal
        conflict={conflict?.error}
        sending={approve.isPending}
        onConfirm={() => conflict && void doApprove(conflict.id, conflict.error.order)}
        onCancel={() => setConflict(undefined)}
      />
      <PortalModal opened={rejecting !== undefined} onClose={() => setRejecting(undefined)} title="Отклонить заказ" data-testid="reject-approval">
        <Stack gap="md">
          <Text size="sm">
            Заказ на {rejecting ? formatPrice(rejecting.total) : ''} от {rejecting?.purchaser} вернётся закупщику с вашей причиной.
          </Text>
          <Textarea
            label="Причина"
            placeholder="Например: превышен бюджет месяца, уменьшите количество"
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRejecting(undefined)}>
              Отмена
            </Button>
            <Button color="red" onClick={() => void doReject()} loading={reject.isPending} disabled={reason.trim() === ''}>
              Отклонить
            </Button>
          </Group>
        </Stack>
      </PortalModal>
    </Stack>
  );
}

interface ApprovalCardProps {
  approval: TOrderApproval;
  highlighted: boolean;
  busy: boolean;
  onApprove(): void;
  onReject(): void;
  loading: boolean;
  onResend(): void;
}

function ApprovalCard({ approval, highlighted, busy, onApprove, onReject, loading, onResend }: ApprovalCardProps) {
  const badge = STATE_BADGES[approval.state];
  const deciding = approval.can_decide && approval.state !== 'rejected';
  // Only its purchaser takes a rejected order back to change it.
  const resending = approval.mine && approval.state === 'rejected';
  return (
    <LinkedCard highlighted={highlighted} colour="yellow" data-testid={`approval-${approval.id}`}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 240px', minWidth: 0 }}>
          <Group gap="xs">
            <Title order={3} size="h5">
              Заказ от {formatUnixDate(approval.date)}
            </Title>
            <Badge color={badge.color} variant="light" data-testid="approval-state">
              {badge.label}
            </Badge>
          </Group>
          {/* The reason is the administrator's free text, up to a paragraph: a line of its own, never a badge's label. */}
          {approval.state === 'rejected' && (
            <Text size="sm" c="red.8" style={{ overflowWrap: 'anywhere' }} data-testid="approval-reason">
              Причина: {approval.reason}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {shortenCompanyName(approval.partner_name)} · {approval.mine ? 'ваш заказ' : `закупщик ${approval.purchaser}`} · позиций{' '}
            {approval.count}, единиц {approval.total_count}
          </Text>
          {approval.state !== 'rejected' && (
            <Text size="sm" c="dimmed">
              {approval.held_for}
            </Text>
          )}
        </Stack>
        <Stack gap="xs" align="flex-end">
          <Text fw={700} data-testid="approval-total">
            {formatPrice(approval.total)}
          </Text>
          {deciding && (
            <Group gap="xs">
              <Button size="xs" color="teal" leftSection={<IconCheck size={14} />} onClick={onApprove} loading={busy}>
                Согласовать
              </Button>
              <Button size="xs" variant="default" color="red" leftSection={<IconX size={14} />} onClick={onReject} disabled={busy}>
                Отклонить
              </Button>
            </Group>
          )}
          {resending && (
            <Button size="xs" variant="light" leftSection={<IconPencil size={14} />} onClick={onResend} loading={loading} data-testid="approval-resend">
              Изменить и отправить снова
            </Button>
          )}
        </Stack>
      </Group>
    </LinkedCard>
  );
}

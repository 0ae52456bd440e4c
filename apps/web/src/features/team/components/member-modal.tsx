/** A colleague's role and — for a purchaser — the limit per order, changed by an administrator. */
import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import type { TTeamMember } from '@portal/contracts';
import type { CompanyRole } from '@portal/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useSubmission } from '../../../shared/lib/use-submission';
import { MoneyInput } from '../../../shared/ui/amount-input';
import { PortalModal } from '../../../shared/ui/portal-modal';
import { ROLE_OPTIONS } from './invite-modal';

export function MemberModal({
  member,
  onClose,
  onSave,
}: {
  member: TTeamMember | null;
  onClose: () => void;
  onSave: (change: { role: CompanyRole; orderLimit: number | null }) => Promise<void>;
}) {
  const [role, setRole] = useState<CompanyRole>('buyer');
  const [limit, setLimit] = useState(0);
  const { busy, failure, send, clearFailure } = useSubmission();
  useEffect(() => {
    if (!member) return;
    setRole(member.role);
    setLimit(member.orderLimit ?? 0);
    clearFailure();
  }, [member, clearFailure]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    await send(async () => {
      await onSave({ role, orderLimit: role === 'buyer' && limit > 0 ? limit : null });
      onClose();
    });
  }

  return (
    <PortalModal opened={member !== null} onClose={onClose} title="Роль сотрудника" size="md">
      <form onSubmit={(event) => void submit(event)}>
        <Stack gap="sm">
          <Text fw={600}>{member?.name}</Text>
          {failure && (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} />}>
              {failure}
            </Alert>
          )}
          <Select label="Роль" data={ROLE_OPTIONS} value={role} allowDeselect={false} onChange={(value) => value && setRole(value as CompanyRole)} />
          {role === 'buyer' && (
            <MoneyInput label="Лимит одного заказа, ₽" description="Заказ дороже ждёт согласования администратора; 0 — без лимита" value={limit} onChange={setLimit} />
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              Отмена
            </Button>
            <Button type="submit" loading={busy}>
              Сохранить
            </Button>
          </Group>
        </Stack>
      </form>
    </PortalModal>
  );
}

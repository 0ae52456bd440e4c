/** «Пригласить сотрудника»: e-mail, name, role and — for a purchaser — a limit per order. */
import { Alert, Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { COMPANY_ROLE_LABELS, COMPANY_ROLES, type CompanyRole } from '@portal/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useSubmission } from '../../../shared/lib/use-submission';
import { MoneyInput } from '../../../shared/ui/amount-input';
import { PortalModal } from '../../../shared/ui/portal-modal';

export const ROLE_OPTIONS = COMPANY_ROLES.map((role) => ({ value: role, label: COMPANY_ROLE_LABELS[role] }));

export interface InviteForm {
  email: string;
  name: string;
  role: CompanyRole;
  /** Roubles; 0 — no limit. */
  limit: number;
}

export function InviteModal({
  opened,
  onClose,
  onInvite,
}: {
  opened: boolean;
  onClose: () => void;
  onInvite: (form: InviteForm) => Promise<void>;
}) {
  const [form, setForm] = useState<InviteForm>({ email: '', name: '', role: 'buyer', limit: 0 });
  const { busy, failure, send } = useSubmission();

  async function submit(event: FormEvent) {
    event.preventDefault();
    await send(async () => {
      await onInvite(form);
      setForm({ email: '', name: '', role: 'buyer', limit: 0 });
      onClose();
    });
  }

  return (
    <PortalModal opened={opened} onClose={onClose} title="Пригласить сотрудника" size="md">
      <form onSubmit={(event) => void submit(event)}>
        <Stack gap="sm">
          {failure && (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} />}>
              {failure}
            </Alert>
          )}
          <TextInput
            label="E-mail"
            description="На него придёт письмо со ссылкой: по ней сотрудник задаст пароль и войдёт"
            type="email"
            required
            autoComplete="off"
            value={form.email}
            onChange={(event) => setForm({ ...form, email: event.currentTarget.value })}
          />
          <TextInput label="Имя" required value={form.name} onChange={(event) => setForm({ ...form, name: event.currentTarget.value })} />
          <Select
            label="Роль"
            data={ROLE_OPTIONS}
            value={form.role}
            allowDeselect={false}
            onChange={(value) => value && setForm({ ...form, role: value as CompanyRole })}
          />
          {form.role === 'buyer' && (
            <MoneyInput
              label="Лимит одного заказа, ₽"
              description="Заказ дороже ждёт согласования администратора; 0 — без лимита"
              value={form.limit}
              onChange={(limit) => setForm({ ...form, limit })}
            />
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              Отмена
            </Button>
            <Button type="submit" loading={busy}>
              Пригласить
            </Button>
          </Group>
        </Stack>
      </form>
    </PortalModal>
  );
}

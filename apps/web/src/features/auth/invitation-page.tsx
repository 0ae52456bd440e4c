/** /invitation#token: the link of a team invitation; sets the colleague's password and signs them in. */
import { Alert, Button, PasswordInput, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { PASSWORD_RULE, newPasswordOf } from '../../shared/lib/password-rule';
import { acceptInvitation, tokenFromHash } from './api/account';
import { AuthLayout } from './auth-layout';
import { useAuthStore } from './auth-store';

export function InvitationPage() {
  const token = tokenFromHash(useLocation().hash);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [mismatch, setMismatch] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = newPasswordOf(new FormData(event.currentTarget));
    if (typed.mismatch !== undefined) {
      setMismatch(typed.mismatch);
      return;
    }
    setMismatch(null);
    setFailure(null);
    setBusy(true);
    try {
      const session = await acceptInvitation({ token, password: typed.password });
      // Whoever was signed in in this browser gives way to the invited colleague.
      const auth = useAuthStore.getState();
      if (auth.token) await auth.logout().catch(() => undefined);
      auth.adoptSession(session.token);
      navigate(paths.home, { replace: true });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  if (!token) {
    return (
      <AuthLayout title="Приглашение" text="Ссылка открыта не полностью.">
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} />}>
          В ссылке нет кода. Откройте её из письма целиком или попросите администратора компании пригласить вас ещё раз.
        </Alert>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Добро пожаловать" text="Вас пригласили в портал дилера. Придумайте пароль — и вы сразу войдёте." onSubmit={submit}>
      {failure && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} />}>
          {failure}
        </Alert>
      )}
      <PasswordInput name="password" label="Пароль" autoComplete="new-password" required autoFocus size="md" description={PASSWORD_RULE} />
      <PasswordInput name="repeat" label="Пароль ещё раз" autoComplete="new-password" required size="md" error={mismatch} />
      <Text fz="xs" c="dimmed">
        Логин — ваш e-mail из письма.
      </Text>
      <Button type="submit" loading={busy} size="md" fullWidth>
        Задать пароль и войти
      </Button>
    </AuthLayout>
  );
}

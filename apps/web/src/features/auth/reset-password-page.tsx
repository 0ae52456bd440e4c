/** /reset-password#token: the link from the mail; sets a new password, after which every session of the user ends. */
import { Alert, Anchor, Button, PasswordInput, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { PASSWORD_RULE, newPasswordOf } from '../../shared/lib/password-rule';
import { resetPassword, tokenFromHash } from './api/account';
import { AuthLayout } from './auth-layout';
import { useAuthStore } from './auth-store';

export function ResetPasswordPage() {
  const token = tokenFromHash(useLocation().hash);
  const logout = useAuthStore((state) => state.logout);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [mismatch, setMismatch] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const typed = newPasswordOf(form);
    if (typed.mismatch !== undefined) {
      setMismatch(typed.mismatch);
      return;
    }
    const { password } = typed;
    setMismatch(null);
    setFailure(null);
    setBusy(true);
    try {
      const { message } = await resetPassword({ token, password });
      // The sessions of this user have ended on the server; this browser forgets its own too.
      await logout().catch(() => undefined);
      setDone(message);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  if (!token) {
    return (
      <AuthLayout title="Новый пароль" text="Ссылка открыта не полностью.">
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} />}>
          В ссылке нет кода. Откройте её из письма целиком или запросите новую.
        </Alert>
        <Anchor component={Link} to={paths.forgotPassword} fz="sm" ta="center">
          Запросить новую ссылку
        </Anchor>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Новый пароль" text="Придумайте новый пароль для входа в портал." onSubmit={submit}>
      {done ? (
        <>
          <Alert color="teal" variant="light" role="status" icon={<IconCircleCheck size={18} />}>
            {done}
          </Alert>
          <Button component={Link} to={paths.login} size="md" fullWidth>
            Войти
          </Button>
        </>
      ) : (
        <>
          {failure && (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} />}>
              {failure}{' '}
              {failure.startsWith('Ссылка') && (
                <Anchor component={Link} to={paths.forgotPassword} inherit>
                  Запросить новую ссылку
                </Anchor>
              )}
            </Alert>
          )}
          <PasswordInput name="password" label="Новый пароль" autoComplete="new-password" required autoFocus size="md" description={PASSWORD_RULE} />
          <PasswordInput name="repeat" label="Новый пароль ещё раз" autoComplete="new-password" required size="md" error={mismatch} />
          <Text fz="xs" c="dimmed">
            После смены пароля все входы в портал на других устройствах завершатся.
          </Text>
          <Button type="submit" loading={busy} size="md" fullWidth>
            Сохранить пароль
          </Button>
        </>
      )}
    </AuthLayout>
  );
}

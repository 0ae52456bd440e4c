/** /reset-password#token: the link from the mail; sets a new password, after which every session of the user ends. */
import { Alert, Anchor, Button } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { useNewPasswordForm } from '../../shared/lib/password-rule';
import { resetPassword, tokenFromHash } from './api/account';
import { AuthLayout } from './auth-layout';
import { useAuthStore } from './auth-store';
import { NewPasswordFields } from './new-password-fields';

export function ResetPasswordPage() {
  const token = tokenFromHash(useLocation().hash);
  const logout = useAuthStore((state) => state.logout);
  const [done, setDone] = useState<string | null>(null);
  const form = useNewPasswordForm(async (password) => {
    const { message } = await resetPassword({ token, password });
    // The sessions of this user have ended on the server; this browser forgets its own too.
    await logout().catch(() => undefined);
    setDone(message);
  });

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
    <AuthLayout title="Новый пароль" text="Придумайте новый пароль для входа в портал." onSubmit={form.submit}>
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
        <NewPasswordFields
          form={form}
          label="Новый пароль"
          // A link that has expired or was used already: a new one is a click away.
          failureHelp={
            form.failure?.startsWith('Ссылка') && (
              <Anchor component={Link} to={paths.forgotPassword} inherit>
                Запросить новую ссылку
              </Anchor>
            )
          }
          note="После смены пароля все входы в портал на других устройствах завершатся."
          submitLabel="Сохранить пароль"
        />
      )}
    </AuthLayout>
  );
}

/** /invitation#token: the link of a team invitation; sets the colleague's password and signs them in. */
import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useNewPasswordForm } from '../../shared/lib/password-rule';
import { acceptInvitation, tokenFromHash } from './api/account';
import { AuthLayout } from './auth-layout';
import { useAuthStore } from './auth-store';
import { NewPasswordFields } from './new-password-fields';

export function InvitationPage() {
  const token = tokenFromHash(useLocation().hash);
  const navigate = useNavigate();
  const form = useNewPasswordForm(async (password) => {
    const session = await acceptInvitation({ token, password });
    // Whoever was signed in in this browser gives way to the invited colleague.
    const auth = useAuthStore.getState();
    if (auth.token) await auth.logout().catch(() => undefined);
    auth.adoptSession(session.token);
    navigate(paths.home, { replace: true });
  });

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
    <AuthLayout title="Добро пожаловать" text="Вас пригласили в портал дилера. Придумайте пароль — и вы сразу войдёте." onSubmit={form.submit}>
      <NewPasswordFields form={form} label="Пароль" note="Логин — ваш e-mail из письма." submitLabel="Задать пароль и войти" />
    </AuthLayout>
  );
}

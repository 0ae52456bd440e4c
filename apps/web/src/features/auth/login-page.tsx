/** The sign-in screen: a failed sign-in shows the server's message; «Забыли пароль?» leads to the reset request. */
import { Alert, Anchor, Button, PasswordInput, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { paths } from '../../config/paths';
import { loadSignInHash, useAuthStore } from './auth-store';
import { AuthLayout } from './auth-layout';
import { safeReturnPath } from './return-path';

export function LoginPage() {
  const login = useAuthStore((state) => state.login);
  const errorMessage = useAuthStore((state) => state.loginErrorMessage);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // The hash the form sends is computed by code that loads now, while the dealer types, not on «Войти».
  useEffect(() => {
    void loadSignInHash().catch(() => {});
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    try {
      await login(String(form.get('login') ?? '').trim(), String(form.get('password') ?? ''));
      navigate(safeReturnPath(params.get('from')), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'BLOCKED') navigate(paths.blocked, { replace: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout title="Вход в портал" text="Введите логин и пароль, которые выдал ваш менеджер." onSubmit={submit}>
      {errorMessage && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} />}>
          {errorMessage}
        </Alert>
      )}
      <TextInput name="login" label="Логин" autoComplete="username" required autoFocus size="md" />
      <PasswordInput name="password" label="Пароль" autoComplete="current-password" required size="md" />
      <Anchor component={Link} to={paths.forgotPassword} fz="sm" ta="right" mt={-8}>
        Забыли пароль?
      </Anchor>
      <Button type="submit" loading={busy} size="md" fullWidth mt="xs">
        Войти
      </Button>
      <Text fz="xs" c="dimmed" ta="center">
        Нет доступа? Обратитесь к вашему менеджеру — он его откроет.
      </Text>
    </AuthLayout>
  );
}

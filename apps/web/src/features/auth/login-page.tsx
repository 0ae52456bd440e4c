import { Alert, Button, Center, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api/client';
import { paths } from '../../config/paths';
import { useAuthStore } from './auth-store';
import { safeReturnPath } from './return-path';

export function LoginPage() {
  const login = useAuthStore((state) => state.login);
  const errorMessage = useAuthStore((state) => state.loginErrorMessage);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const [params] = useSearchParams();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    try {
      await login(String(form.get('login') ?? ''), String(form.get('password') ?? ''));
      navigate(safeReturnPath(params.get('from')), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'BLOCKED') navigate(paths.blocked, { replace: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Center mih="100vh" p="md">
      <Paper component="form" onSubmit={submit} w={380} p="xl" radius="md" withBorder shadow="sm">
        <Stack>
          <Title order={2}>Вход в портал дилера</Title>
          {errorMessage && (
            <Alert color="red" role="alert">
              {errorMessage}
            </Alert>
          )}
          <TextInput name="login" label="Логин" autoComplete="username" required autoFocus />
          <PasswordInput name="password" label="Пароль" autoComplete="current-password" required />
          <Button type="submit" loading={busy}>
            Войти
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}

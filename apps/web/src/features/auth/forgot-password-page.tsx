/** /forgot-password: asks for the login or e-mail; the answer is the same whether or not such an account exists. */
import { Alert, Anchor, Button, TextInput } from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { requestPasswordReset } from './api/account';
import { AuthLayout } from './auth-layout';

export function ForgotPasswordPage() {
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const login = String(new FormData(event.currentTarget).get('login') ?? '').trim();
    setBusy(true);
    setFailure(null);
    try {
      setAnswer((await requestPasswordReset(login)).message);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout title="Восстановление пароля" text="Укажите логин или e-mail — пришлём ссылку, по которой можно задать новый пароль." onSubmit={submit}>
      {answer ? (
        <Alert color="teal" variant="light" role="status" icon={<IconMailCheck size={18} />}>
          {answer}
        </Alert>
      ) : (
        <>
          {failure && (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} />}>
              {failure}
            </Alert>
          )}
          <TextInput name="login" label="Логин или e-mail" autoComplete="username" required autoFocus size="md" maxLength={200} />
          <Button type="submit" loading={busy} size="md" fullWidth>
            Отправить ссылку
          </Button>
        </>
      )}
      <Anchor component={Link} to={paths.login} fz="sm" ta="center">
        Вернуться ко входу
      </Anchor>
    </AuthLayout>
  );
}

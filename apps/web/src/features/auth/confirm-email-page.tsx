/** /confirm-email#token: the link from the mail confirms the profile's address; mail goes to it from then on. */
import { Alert, Button, Loader, Group, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { confirmEmail, tokenFromHash } from './api/account';
import { AuthLayout } from './auth-layout';

export function ConfirmEmailPage() {
  const token = tokenFromHash(useLocation().hash);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  useEffect(() => {
    if (!token) {
      setResult({ ok: false, message: 'В ссылке нет кода: откройте её из письма целиком.' });
      return;
    }
    let current = true;
    confirmEmail(token).then(
      ({ message }) => current && setResult({ ok: true, message }),
      (error: unknown) => current && setResult({ ok: false, message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      current = false;
    };
  }, [token]);

  return (
    <AuthLayout title="Подтверждение e-mail" text="Адрес из профиля, на который приходят уведомления.">
      {!result ? (
        <Group gap="sm">
          <Loader size="sm" />
          <Text>Подтверждаем адрес…</Text>
        </Group>
      ) : (
        <Alert color={result.ok ? 'teal' : 'red'} variant="light" role={result.ok ? 'status' : 'alert'} icon={result.ok ? <IconCircleCheck size={18} /> : <IconAlertCircle size={18} />}>
          {result.message}
        </Alert>
      )}
      <Button component={Link} to={paths.profile} variant="light" size="md" fullWidth>
        Открыть профиль
      </Button>
    </AuthLayout>
  );
}

/** The profile's password change: the current password proves it is the user; other devices are signed out. */
import { Alert, Button, Divider, Grid, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { PASSWORD_RULE, newPasswordOf } from '../../../shared/lib/password-rule';
import { changePassword } from '../api/change-password';

export function PasswordForm() {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [mismatch, setMismatch] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
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
      const { message } = await changePassword({ current: String(form.get('current') ?? ''), password });
      formElement.reset();
      notifications.show({ color: 'teal', title: 'Пароль изменён', message });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper withBorder radius="md" p="lg" component="form" onSubmit={submit} data-testid="password-form">
      <Title order={2} size="h3" mb="xs">
        Пароль
      </Title>
      <Text c="dimmed" fz="sm" mb="md">
        После смены пароля входы на других устройствах завершатся, здесь вы останетесь в портале.
      </Text>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <PasswordInput name="current" label="Текущий пароль" autoComplete="current-password" required />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <Stack gap="sm">
            <PasswordInput name="password" label="Новый пароль" autoComplete="new-password" required description={PASSWORD_RULE} />
            <PasswordInput name="repeat" label="Новый пароль ещё раз" autoComplete="new-password" required error={mismatch} />
          </Stack>
        </Grid.Col>
      </Grid>
      {failure && (
        <Alert color="red" mt="md" role="alert">
          {failure}
        </Alert>
      )}
      <Divider my="md" />
      <Group justify="flex-end">
        <Button type="submit" loading={busy}>
          Сменить пароль
        </Button>
      </Group>
    </Paper>
  );
}

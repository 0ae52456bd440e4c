/** The profile's password change: the current password proves it is the user; other devices are signed out. */
import { Grid, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PASSWORD_RULE, useNewPasswordForm } from '../../../shared/lib/password-rule';
import { changePassword } from '../api/change-password';
import { ProfileFormFoot } from './profile-form-foot';

export function PasswordForm() {
  const form = useNewPasswordForm(async (password, formElement) => {
    const current = String(new FormData(formElement).get('current') ?? '');
    const { message } = await changePassword({ current, password });
    formElement.reset();
    notifications.show({ color: 'teal', title: 'Пароль изменён', message });
  });

  return (
    <Paper withBorder radius="md" p="lg" component="form" onSubmit={form.submit} data-testid="password-form">
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
            <PasswordInput name="repeat" label="Новый пароль ещё раз" autoComplete="new-password" required error={form.mismatch} />
          </Stack>
        </Grid.Col>
      </Grid>
      <ProfileFormFoot failure={form.failure} busy={form.busy} submitLabel="Сменить пароль" />
    </Paper>
  );
}

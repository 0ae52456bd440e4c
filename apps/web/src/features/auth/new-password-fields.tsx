/** The set-password form of the invitation and of the reset link: the server's refusal, the password twice, a note, the button. */
import { Alert, Button, PasswordInput, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PASSWORD_RULE } from '../../shared/lib/password-rule';

export function NewPasswordFields({
  form,
  label,
  failureHelp,
  note,
  submitLabel,
}: {
  form: { busy: boolean; failure: string | null; mismatch: string | null };
  /** «Пароль» or «Новый пароль»; the second field repeats it. */
  label: string;
  /** What the user can do about a refusal, shown after it. */
  failureHelp?: ReactNode;
  note: string;
  submitLabel: string;
}) {
  return (
    <>
      {form.failure && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} />}>
          {form.failure}
          {failureHelp && <> {failureHelp}</>}
        </Alert>
      )}
      <PasswordInput name="password" label={label} autoComplete="new-password" required autoFocus size="md" description={PASSWORD_RULE} />
      <PasswordInput name="repeat" label={`${label} ещё раз`} autoComplete="new-password" required size="md" error={form.mismatch} />
      <Text fz="xs" c="dimmed">
        {note}
      </Text>
      <Button type="submit" loading={form.busy} size="md" fullWidth>
        {submitLabel}
      </Button>
    </>
  );
}

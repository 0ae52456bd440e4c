import { Alert, Button, Group } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { Link } from 'react-router';

/** The foot of a request form: the server's refusal if any, «Отмена» back to the list, and the send button. */
export function FormActions({ error, cancelTo, submitLabel, submitting }: { error: string | null; cancelTo: string; submitLabel: string; submitting: boolean }) {
  return (
    <>
      {error && (
        <Alert color="red" mt="md" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end" mt="lg">
        <Button component={Link} to={cancelTo} variant="default">
          Отмена
        </Button>
        <Button type="submit" loading={submitting} leftSection={<IconSend size={18} />}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}

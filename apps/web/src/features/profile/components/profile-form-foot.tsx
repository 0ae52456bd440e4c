import { Alert, Button, Divider, Group } from '@mantine/core';

/** The foot of a profile card's form: the server's refusal if any, then the button that sends the card. */
export function ProfileFormFoot({ failure, busy, submitLabel }: { failure: string | null; busy: boolean; submitLabel: string }) {
  return (
    <>
      {failure && (
        <Alert color="red" mt="md" role="alert">
          {failure}
        </Alert>
      )}
      <Divider my="md" />
      <Group justify="flex-end">
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}

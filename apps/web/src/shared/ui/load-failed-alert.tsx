import { Alert, Button, Text, type AlertProps } from '@mantine/core';

/** A page's data did not load: what, the server's reason, and a retry. */
export function LoadFailedAlert({ title, error, onRetry, ...props }: { title: string; error: Error; onRetry: () => void } & Omit<AlertProps, 'title' | 'color'>) {
  return (
    <Alert color="red" title={title} {...props}>
      <Text size="sm" mb="sm">
        {error.message}
      </Text>
      <Button size="xs" variant="light" color="red" onClick={onRetry}>
        Повторить
      </Button>
    </Alert>
  );
}

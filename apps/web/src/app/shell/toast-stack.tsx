/** Mantine's notification stack (its code, some 7 KB of gzip, loads with the first toast: see shell-providers.tsx). */
import { Notifications, type NotificationsProps } from '@mantine/notifications';

export function ToastStack(props: NotificationsProps) {
  return <Notifications {...props} />;
}

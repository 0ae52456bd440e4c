/**
 * What only the signed-in screens use — confirmation dialogs, the notification stack, Russian date pickers — is
 * provided by the shell, so the sign-in page's first load carries none of it. The notification stack's code loads with
 * the first toast (until then the store, a few hundred bytes, keeps what is shown, and the stack shows it when it
 * mounts); the dialogs' with the first confirmation.
 */
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
// The date pickers' Russian locale comes with dayjs in the screens that have them (shared/lib/dayjs.ts).
import { DatesProvider } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { notificationsStore, useNotifications } from '@mantine/notifications';
import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { useModalsHost } from '../../shared/ui/confirm-modal';

/** How many toasts show at once; the rest wait their turn. A phone shows two, compact (global.css). */
export const TOASTS_AT_ONCE = { phone: 2, desktop: 3 } as const;
/** Bottom right: the header's controls and each page's title and main actions are at the top. */
const TOASTS_POSITION = 'bottom-right';

const ModalsHost = lazy(() => import('../../shared/ui/modals-host').then((m) => ({ default: m.ModalsHost })));
const ToastStack = lazy(() => import('./toast-stack').then((m) => ({ default: m.ToastStack })));

function NotificationStack() {
  const phone = useMediaQuery('(max-width: 48em)');
  const limit = phone ? TOASTS_AT_ONCE.phone : TOASTS_AT_ONCE.desktop;
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);

  // Toasts shown before the stack's code arrives are shared out with the stack's limit and position, as it would.
  useEffect(() => {
    notificationsStore.updateState((current) => ({ ...current, limit, defaultPosition: TOASTS_POSITION }));
  }, [limit]);

  return wanted ? (
    <Suspense fallback={null}>
      <ToastStack position={TOASTS_POSITION} limit={limit} zIndex={1100} />
    </Suspense>
  ) : null;
}

function ConfirmationHost() {
  const wanted = useModalsHost((state) => state.wanted);
  return wanted ? (
    <Suspense fallback={null}>
      <ModalsHost />
    </Suspense>
  ) : null;
}

export function ShellProviders({ children }: { children: ReactNode }) {
  return (
    <DatesProvider settings={{ locale: 'ru', firstDayOfWeek: 1 }}>
      <NotificationStack />
      <ConfirmationHost />
      {children}
    </DatesProvider>
  );
}

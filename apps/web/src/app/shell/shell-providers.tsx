/**
 * What only the signed-in screens use — modals, the notification stack, Russian date pickers — is provided by the
 * shell, so the sign-in page's first load carries none of it.
 */
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import 'dayjs/locale/ru';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';

dayjs.locale('ru');

/** How many toasts show at once; the rest wait their turn. A phone shows two, compact (global.css). */
export const TOASTS_AT_ONCE = { phone: 2, desktop: 4 } as const;

export function ShellProviders({ children }: { children: ReactNode }) {
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <DatesProvider settings={{ locale: 'ru', firstDayOfWeek: 1 }}>
      <ModalsProvider labels={{ confirm: 'Да', cancel: 'Отмена' }}>
        {/* Bottom right: the header's controls and each page's title and main actions are at the top. */}
        <Notifications position="bottom-right" limit={phone ? TOASTS_AT_ONCE.phone : TOASTS_AT_ONCE.desktop} zIndex={1100} />
        {children}
      </ModalsProvider>
    </DatesProvider>
  );
}

/**
 * What only the signed-in screens use — modals, the notification stack, Russian date pickers — is provided by the
 * shell, so the sign-in page's first load carries none of it.
 */
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import 'dayjs/locale/ru';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';

dayjs.locale('ru');

export function ShellProviders({ children }: { children: ReactNode }) {
  return (
    <DatesProvider settings={{ locale: 'ru', firstDayOfWeek: 1 }}>
      <ModalsProvider labels={{ confirm: 'Да', cancel: 'Отмена' }}>
        <Notifications position="top-right" limit={5} zIndex={1100} />
        {children}
      </ModalsProvider>
    </DatesProvider>
  );
}

/** The signed-in frame (spec §2 "Shell"): header, icon sidebar, slide-out menu, notifications, modals around the page. */
import { notifications } from '@mantine/notifications';
import { Suspense, lazy, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useCurrentUser } from '../../features/auth/api/get-current-user';
import { NotificationPopups } from '../../features/notifications/notification-popups';
import { RouteErrorBoundary } from '../route-error-boundary';
import { RealtimeConnection } from '../../features/realtime/realtime-connection';
import { AfterFirstPaint, OnceOpened } from '../../shared/lib/lazy-page';
import { downloadOrderLog } from './download-log';
import { Header } from './header';
import type { MenuAction } from './menu-items';
import classes from './shell.module.css';
import { ShellProviders } from './shell-providers';
import { Sidebar } from './sidebar';

// The menu, the notifications bar and the modals load the first time they open: the main page's first load
// carries only the frame a dealer sees.
const MainMenu = lazy(() => import('./main-menu').then((m) => ({ default: m.MainMenu })));
const NotificationsBar = lazy(() => import('../../features/notifications/notifications-bar').then((m) => ({ default: m.NotificationsBar })));
const NoveltiesModal = lazy(() => import('./novelties-modal').then((m) => ({ default: m.NoveltiesModal })));
const DraftsModal = lazy(() => import('../../features/orders/components/drafts-modal').then((m) => ({ default: m.DraftsModal })));
// The working order's and drafts' sync with the server: nothing on the first screen waits for it.
const OrdersSync = lazy(() => import('../../features/orders/orders-sync').then((m) => ({ default: m.OrdersSync })));
const FeedbackModal = lazy(() => import('../../features/feedback/feedback-modal').then((m) => ({ default: m.FeedbackModal })));

type Panel = 'menu' | 'notifications' | 'drafts' | 'feedback' | 'novelties' | null;

export function Shell() {
  const [panel, setPanel] = useState<Panel>(null);
  const close = () => setPanel(null);
  const { pathname } = useLocation();
  // Check-authentication at start (spec §4): an expired token answers 401 and the api client signs out.
  const user = useCurrentUser();
  const userName = user.data ? [user.data.name, user.data.lastname].filter(Boolean).join(' ') || user.data.login : undefined;

  // A new page closes the menu and the bar that led there.
  useEffect(() => {
    setPanel((open) => (open === 'menu' || open === 'notifications' ? null : open));
  }, [pathname]);

  function downloadLog() {
    if (!downloadOrderLog())
      notifications.show({
        color: 'gray',
        title: 'Журнал заказов пуст',
        message: 'Журнал заполняется, когда из этого браузера отправляются заказы.',
        autoClose: 5000,
      });
  }

  return (
    <ShellProviders>
      <Header onOpenNotifications={() => setPanel('notifications')} onOpenNovelties={() => setPanel('novelties')} />
      <Sidebar onOpenMenu={() => setPanel('menu')} onOpenDrafts={() => setPanel('drafts')} onDownloadLog={downloadLog} />
      <main className={classes.main}>
        <RouteErrorBoundary inShell>
          <Suspense fallback={null}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <OnceOpened opened={panel === 'menu'}>
        <MainMenu
          opened={panel === 'menu'}
          onClose={close}
          onAction={(action: MenuAction) => setPanel(action)}
          userName={userName}
        />
      </OnceOpened>
      <OnceOpened opened={panel === 'notifications'}>
        <NotificationsBar opened={panel === 'notifications'} onClose={close} />
      </OnceOpened>
      <OnceOpened opened={panel === 'novelties'}>
        <NoveltiesModal opened={panel === 'novelties'} onClose={close} />
      </OnceOpened>
      <OnceOpened opened={panel === 'drafts'}>
        <DraftsModal opened={panel === 'drafts'} onClose={close} />
      </OnceOpened>
      <OnceOpened opened={panel === 'feedback'}>
        <FeedbackModal opened={panel === 'feedback'} onClose={close} />
      </OnceOpened>
      <NotificationPopups />
      {/* The connection and its list of messages: the page's first paint does not share the connections with them. */}
      <AfterFirstPaint>
        <RealtimeConnection />
        <Suspense fallback={null}>
          <OrdersSync />
        </Suspense>
      </AfterFirstPaint>
    </ShellProviders>
  );
}

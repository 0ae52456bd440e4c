/** The signed-in frame (spec §2 "Shell"): header, icon sidebar, slide-out menu, notifications, modals around the page. */
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useCurrentUser } from '../../features/auth/api/get-current-user';
import { FeedbackModal } from '../../features/feedback/feedback-modal';
import { NotificationPopups } from '../../features/notifications/notification-popups';
import { NotificationsBar } from '../../features/notifications/notifications-bar';
import { DraftsModal } from '../../features/orders/components/drafts-modal';
import { RealtimeConnection } from '../../features/realtime/realtime-connection';
import { downloadOrderLog } from './download-log';
import { Header } from './header';
import { MainMenu } from './main-menu';
import type { MenuAction } from './menu-items';
import { NoveltiesModal } from './novelties-modal';
import classes from './shell.module.css';
import { Sidebar } from './sidebar';

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
    <>
      <Header onOpenNotifications={() => setPanel('notifications')} onOpenNovelties={() => setPanel('novelties')} />
      <Sidebar onOpenMenu={() => setPanel('menu')} onOpenDrafts={() => setPanel('drafts')} onDownloadLog={downloadLog} />
      <main className={classes.main}>
        <Outlet />
      </main>
      <MainMenu
        opened={panel === 'menu'}
        onClose={close}
        onAction={(action: MenuAction) => setPanel(action)}
        userName={userName}
      />
      <NotificationsBar opened={panel === 'notifications'} onClose={close} />
      <NoveltiesModal opened={panel === 'novelties'} onClose={close} />
      <DraftsModal opened={panel === 'drafts'} onClose={close} />
      <FeedbackModal opened={panel === 'feedback'} onClose={close} />
      <NotificationPopups />
      <RealtimeConnection />
    </>
  );
}

/** Shows each unread popup message as a toast that closes by itself after 10 s; a closed popup is marked readPopup. */
import { notifications } from '@mantine/notifications';
import { IconBell } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { MessageHtml } from './message-html';
import { POPUP_AUTO_CLOSE_MS, selectPendingPopups, useNotificationsStore } from '../../shared/notifications-store';

export function NotificationPopups() {
  const pending = useNotificationsStore(useShallow(selectPendingPopups));
  const markReadPopup = useNotificationsStore((state) => state.markReadPopup);
  const shown = useRef(new Set<string>());

  useEffect(() => {
    for (const message of pending) {
      if (shown.current.has(message.id)) continue;
      shown.current.add(message.id);
      notifications.show({
        id: `popup-${message.id}`,
        color: 'blue',
        icon: <IconBell size={18} />,
        title: 'Новое сообщение',
        message: <MessageHtml html={message.message} />,
        autoClose: POPUP_AUTO_CLOSE_MS,
        withCloseButton: true,
        closeButtonProps: { 'aria-label': 'Закрыть' },
        'data-testid': 'notification-popup',
        onClose: () => markReadPopup(message.id),
      });
    }
  }, [pending, markReadPopup]);

  return null;
}

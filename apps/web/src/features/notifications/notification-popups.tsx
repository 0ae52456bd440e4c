/**
 * Shows each unread popup message as a toast that closes by itself after 10 s; a closed popup is marked readPopup.
 * A popup about an object (an order) offers «Открыть», which opens it and reads the message, as the bar does.
 */
import { Anchor, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBell } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { TRealtimeEvent } from '@portal/contracts';
import { useShallow } from 'zustand/react/shallow';
import { POPUP_AUTO_CLOSE_MS, selectPendingPopups, useNotificationsStore } from '../../shared/notifications-store';

/** A popup's title says what kind of news it brings, so the dealer knows before reading the text. */
const POPUP_TITLES: Record<TRealtimeEvent, string> = {
  check_status: 'Статус заказа',
  bill_ready: 'Счёт готов',
  documents_ready: 'Документы готовы',
  shipment_status: 'Отгрузка',
  claim_status: 'Претензия',
  manager_message: 'Сообщение менеджера',
  order_created: 'Новый заказ',
  order_changed: 'Заказ изменён',
  approval_requested: 'Заказ ждёт согласования',
  approval_rejected: 'Заказ не согласован',
};

export function NotificationPopups() {
  const pending = useNotificationsStore(useShallow(selectPendingPopups));
  const markReadPopup = useNotificationsStore((state) => state.markReadPopup);
  const markOpened = useNotificationsStore((state) => state.markOpened);
  const navigate = useNavigate();
  const shown = useRef(new Set<string>());
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    const fresh = pending.filter((message) => !shown.current.has(message.id));
    if (fresh.length === 0) return;
    for (const message of fresh) shown.current.add(message.id);
    // The message's HTML is sanitised by DOMPurify, which loads with the first popup, not with every page.
    void import('./message-html').then(({ MessageHtml }) => {
      if (!mounted.current) return;
      for (const message of fresh)
        notifications.show({
          id: `popup-${message.id}`,
          color: 'blue',
          icon: <IconBell size={18} />,
          title: message.event ? POPUP_TITLES[message.event] : 'Новое сообщение',
          message: message.link ? (
            <Stack gap={4} align="flex-start">
              <MessageHtml html={message.message} />
              <Anchor
                component="button"
                type="button"
                fz="sm"
                onClick={() => {
                  markOpened(message.id);
                  notifications.hide(`popup-${message.id}`);
                  void navigate(message.link!);
                }}
              >
                Открыть
              </Anchor>
            </Stack>
          ) : (
            <MessageHtml html={message.message} />
          ),
          autoClose: POPUP_AUTO_CLOSE_MS,
          withCloseButton: true,
          closeButtonProps: { 'aria-label': 'Закрыть' },
          'data-testid': 'notification-popup',
          onClose: () => markReadPopup(message.id),
        });
    });
  }, [pending, markReadPopup, markOpened, navigate]);

  return null;
}

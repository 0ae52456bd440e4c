import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { renderWithProviders } from '../../shared/testing/render';
import { NotificationPopups } from './notification-popups';
import { NotificationsBar } from './notifications-bar';
import { POPUP_AUTO_CLOSE_MS, useNotificationsStore } from '../../shared/notifications-store';

afterEach(() => {
  act(() => notifications.clean());
  useNotificationsStore.setState({ messages: [], unread: 0 });
  vi.useRealTimers();
});

describe('NotificationsBar', () => {
  it('says «Уведомления отсутствуют» when there are none', async () => {
    renderWithProviders(<NotificationsBar opened onClose={() => {}} />);
    expect(await screen.findByText('Уведомления отсутствуют')).toBeInTheDocument();
    expect(screen.getByTestId('notifications-count')).toHaveTextContent('0');
    expect(screen.queryByRole('button', { name: /Удалить все/ })).not.toBeInTheDocument();
  });

  it('shows the count, deletes one, and deletes all', async () => {
    const store = useNotificationsStore.getState();
    store.add({ id: '1', time: '2026-01-10T10:00:00Z', message: 'Счёт <b>№ 15</b> выставлен<script>alert(1)</script>', type: 'notification' });
    store.add({ id: '2', time: '2026-01-11T10:00:00Z', message: 'Отгрузка передана перевозчику', type: 'notification' });
    store.add({ id: '3', time: '2026-01-12T10:00:00Z', message: 'Новый сертификат', type: 'popup', readPopup: true });
    renderWithProviders(<NotificationsBar opened onClose={() => {}} />);

    expect(await screen.findByTestId('notifications-count')).toHaveTextContent('3');
    const items = screen.getAllByTestId('notification-item');
    expect(items).toHaveLength(3);
    const bill = items.find((item) => item.textContent?.includes('№ 15'))!;
    expect(bill.querySelector('b')).toHaveTextContent('№ 15');
    expect(bill.querySelector('script')).toBeNull();

    await userEvent.click(within(bill).getByRole('button', { name: 'Удалить уведомление' }));
    expect(screen.getByTestId('notifications-count')).toHaveTextContent('2');
    expect(screen.queryByText(/№ 15/)).not.toBeInTheDocument();

    // «Удалить все» asks first; «Отмена» keeps everything.
    await userEvent.click(screen.getByRole('button', { name: 'Удалить все (2)' }));
    expect(screen.getByText('Удалить все уведомления (2)?')).toBeInTheDocument();
    expect(screen.getByTestId('notifications-count')).toHaveTextContent('2');
    await userEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(screen.getAllByTestId('notification-item')).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Удалить все (2)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Удалить' }));
    expect(screen.getByTestId('notifications-count')).toHaveTextContent('0');
    expect(screen.getByText('Уведомления отсутствуют')).toBeInTheDocument();
    expect(useNotificationsStore.getState().messages).toEqual([]);
  });
});

describe('NotificationsBar: unread messages', () => {
  function renderBarWithPages(onClose = vi.fn()) {
    renderWithProviders(
      <>
        <NotificationsBar opened onClose={onClose} />
        <Routes>
          <Route path="/" element={<p>Главная</p>} />
          <Route path="/orders/:id" element={<p>Страница заказа</p>} />
        </Routes>
      </>,
    );
    return onClose;
  }

  it('opens a message: it becomes read, the count goes down and its order’s page opens', async () => {
    const store = useNotificationsStore.getState();
    store.add({ id: '1', time: '2026-01-10T10:00:00Z', message: 'Заказ № 10001: статус изменился', type: 'popup', readPopup: true, link: '/orders/10001' });
    store.add({ id: '2', time: '2026-01-11T10:00:00Z', message: 'Сообщение менеджера', type: 'notification', link: null });
    store.setUnread(2);
    const onClose = renderBarWithPages();
    expect(await screen.findByTestId('notifications-unread')).toHaveTextContent('непрочитанных: 2');
    const items = screen.getAllByTestId('notification-item');
    expect(items.filter((item) => item.hasAttribute('data-unread'))).toHaveLength(2);

    // A message without a link is only read: the page stays and the bar stays open.
    await userEvent.click(within(items[0]!).getByText('Сообщение менеджера'));
    expect(useNotificationsStore.getState().unread).toBe(1);
    expect(screen.getByText('Главная')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Открыть: Заказ № 10001: статус изменился' }));
    expect(await screen.findByText('Страница заказа')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledOnce();
    expect(useNotificationsStore.getState().unread).toBe(0);
    expect(useNotificationsStore.getState().messages.every((message) => message.readAt)).toBe(true);
    expect(screen.queryByTestId('notifications-unread')).not.toBeInTheDocument();
  });

  it('«Отметить все прочитанными» reads every message and is off when none is unread', async () => {
    const store = useNotificationsStore.getState();
    store.add({ id: '1', time: '2026-01-10T10:00:00Z', message: 'Первое', type: 'notification' });
    store.add({ id: '2', time: '2026-01-11T10:00:00Z', message: 'Второе', type: 'notification', readAt: '2026-01-11T11:00:00Z' });
    store.setUnread(1);
    renderBarWithPages();
    const markAll = await screen.findByRole('button', { name: 'Отметить все прочитанными' });
    await userEvent.click(markAll);
    expect(useNotificationsStore.getState().unread).toBe(0);
    expect(screen.getAllByTestId('notification-item').some((item) => item.hasAttribute('data-unread'))).toBe(false);
    expect(markAll).toBeDisabled();
    // Reading is not removing: both stay in the bar.
    expect(screen.getByTestId('notifications-count')).toHaveTextContent('2');
  });
});

describe('NotificationPopups', () => {
  it('shows an unread popup as a toast that closes after 10 s and marks it read', async () => {
    renderWithProviders(<NotificationPopups />);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    act(() => {
      useNotificationsStore.getState().add({ id: 'p1', time: '2026-01-12T10:00:00Z', message: 'Товар снова в наличии', type: 'popup' });
      useNotificationsStore.getState().add({ id: 'n1', time: '2026-01-12T10:00:00Z', message: 'Только в списке', type: 'notification' });
    });
    expect(await screen.findByText('Товар снова в наличии')).toBeInTheDocument();
    expect(screen.queryByText('Только в списке')).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(POPUP_AUTO_CLOSE_MS - 500));
    expect(useNotificationsStore.getState().messages.find((m) => m.id === 'p1')?.readPopup).toBe(false);
    act(() => vi.advanceTimersByTime(1_000));
    await waitFor(() => expect(useNotificationsStore.getState().messages.find((m) => m.id === 'p1')?.readPopup).toBe(true));
    await waitFor(() => expect(screen.queryByText('Товар снова в наличии')).not.toBeInTheDocument());
  });

  it('opens the order of a popup about one: the message is read, the popup closes and the page opens', async () => {
    renderWithProviders(
      <>
        <NotificationPopups />
        <Routes>
          <Route path="/" element={<p>Главная</p>} />
          <Route path="/orders/:id" element={<p>Страница заказа</p>} />
        </Routes>
      </>,
    );
    act(() => {
      useNotificationsStore.getState().add({ id: 'p2', time: '2026-01-12T10:00:00Z', message: 'Заказ № 10001: Отгружен', type: 'popup', link: '/orders/10001' });
      useNotificationsStore.getState().add({ id: 'p3', time: '2026-01-12T10:00:00Z', message: 'Сообщение менеджера', type: 'popup', link: null });
      useNotificationsStore.getState().setUnread(2);
    });
    const popups = await screen.findAllByTestId('notification-popup');
    const manager = popups.find((popup) => popup.textContent?.includes('Сообщение менеджера'))!;
    expect(within(manager).queryByRole('button', { name: 'Открыть' })).not.toBeInTheDocument();
    const order = popups.find((popup) => popup.textContent?.includes('Заказ № 10001'))!;
    await userEvent.click(within(order).getByRole('button', { name: 'Открыть' }));
    expect(await screen.findByText('Страница заказа')).toBeInTheDocument();
    expect(useNotificationsStore.getState().messages.find((m) => m.id === 'p2')?.readAt).toBeTruthy();
    expect(useNotificationsStore.getState().unread).toBe(1);
    await waitFor(() => expect(screen.queryByText('Заказ № 10001: Отгружен')).not.toBeInTheDocument());
  });
});

import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../shared/testing/render';
import { NotificationPopups } from './notification-popups';
import { NotificationsBar } from './notifications-bar';
import { POPUP_AUTO_CLOSE_MS, useNotificationsStore } from '../../shared/notifications-store';

afterEach(() => {
  act(() => notifications.clean());
  useNotificationsStore.setState({ messages: [] });
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
});

/** The realtime connection and the notifications it feeds, together as the shell composes them. */
import type { TRealtimeMessage } from '@portal/contracts';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../shared/storage-keys';
import { renderWithProviders } from '../shared/testing/render';
import { NotificationPopups } from '../features/notifications/notification-popups';
import { NotificationsBar } from '../features/notifications/notifications-bar';
import { POPUP_AUTO_CLOSE_MS, useNotificationsStore } from '../shared/notifications-store';
import { FakeWebSocket } from '../features/realtime/fake-web-socket.test-support';
import { RealtimeConnection } from '../features/realtime/realtime-connection';
import { onRealtimeFrame } from '../shared/realtime-bus';
import { useRealtimeStore } from '../features/realtime/realtime-store';

const socketOptions = { WebSocketImpl: FakeWebSocket as unknown as typeof WebSocket };

const message = (id: number, text: string, type: 'popup' | 'notification', minutesAgo = 0): TRealtimeMessage => ({
  id,
  time: Date.now() - minutesAgo * 60_000,
  message: text,
  readPopup: false,
  type,
  event: 'check_status',
  link: '/orders/10001',
  readAt: null,
});

let calls: Array<{ method: string; url: string }>;
let serverList: TRealtimeMessage[];

beforeEach(() => {
  FakeWebSocket.reset();
  localStorage.setItem(STORAGE_KEYS.token, 'token-of-demo');
  calls = [];
  serverList = [message(1, 'Заказ №10001: документы готовы', 'notification', 60)];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url });
      // The bell's count is the server's: here, the unread messages of the list it holds.
      const unread = { unread: serverList.filter((item) => item.readAt === null).length };
      const response =
        method === 'GET' ? (url.endsWith('/unread') ? unread : serverList) : url.endsWith('/open') || url.endsWith('/read-all') ? unread : { id: 0 };
      return new Response(JSON.stringify({ error: null, response }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  act(() => notifications.clean());
  useNotificationsStore.setState({ messages: [], unread: 0 });
  useRealtimeStore.setState({ state: 'closed', reconnectError: false });
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderConnection() {
  return renderWithProviders(
    <>
      <RealtimeConnection socketOptions={socketOptions} />
      <NotificationPopups />
      <NotificationsBar opened onClose={() => {}} />
    </>,
  );
}

// Mantine in jsdom renders slowly on a loaded machine: more than the default 5 s per test.
describe('RealtimeConnection', () => {
  it('loads the notifications kept on the server and opens the socket with the stored token', async () => {
    renderConnection();
    expect(await screen.findByText('Заказ №10001: документы готовы')).toBeInTheDocument();
    expect(calls).toContainEqual({ method: 'GET', url: '/api/notifications' });
    const ws = FakeWebSocket.latest();
    expect(ws.url).toMatch(/^ws:\/\/.+\/ws$/);
    act(() => ws.open());
    expect(ws.sent[0]).toEqual({ token: 'token-of-demo' });
    expect(useRealtimeStore.getState().state).toBe('connected');
  });

  it('shows a pushed popup that closes by itself after 10 s and tells the server it was read', async () => {
    renderConnection();
    await screen.findByText('Заказ №10001: документы готовы');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const ws = FakeWebSocket.latest();
    act(() => ws.open());
    act(() => ws.receive({ namespace: 'notifications', mutation: 'add', payload: message(2, 'Заказ №10002: статус счёта изменился на 3.', 'popup') }));

    const popup = await screen.findByTestId('notification-popup');
    expect(within(popup).getByText('Заказ №10002: статус счёта изменился на 3.')).toBeInTheDocument();
    // Titled by what happened; a manager's message of no known kind keeps the general title.
    expect(within(popup).getByText('Статус заказа')).toBeInTheDocument();
    act(() => ws.receive({ namespace: 'notifications', mutation: 'add', payload: { ...message(5, 'Поступили костюмы', 'popup'), event: null, link: null } }));
    await waitFor(() => expect(screen.getAllByTestId('notification-popup')).toHaveLength(2));
    const plain = screen.getAllByTestId('notification-popup').find((shown) => within(shown).queryByText('Поступили костюмы'))!;
    expect(within(plain).getByText('Новое сообщение')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(POPUP_AUTO_CLOSE_MS - 500));
    expect(calls.find((call) => call.method === 'POST')).toBeUndefined();
    act(() => vi.advanceTimersByTime(1000));
    await waitFor(() => expect(calls).toContainEqual({ method: 'POST', url: '/api/notifications/2/read' }));
    await waitFor(() => expect(screen.queryByTestId('notification-popup')).not.toBeInTheDocument());
    // Still in the bar, read as popup.
    expect(useNotificationsStore.getState().messages.find((m) => m.id === '2')).toMatchObject({ readPopup: true });
  });

  it('sends a removal and a clear made in the bar to the server, but not changes that came from it', async () => {
    serverList = [message(1, 'Первое', 'notification', 60), message(3, 'Второе', 'notification', 30), message(4, 'Третье', 'notification', 10)];
    renderConnection();
    const first = (await screen.findByText('Первое')).closest('[data-testid="notification-item"]') as HTMLElement;
    const ws = FakeWebSocket.latest();
    act(() => ws.open());

    await userEvent.click(within(first).getByRole('button', { name: 'Удалить уведомление' }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'DELETE', url: '/api/notifications/1' }));

    // Removed on another device: gone here, and not sent back.
    act(() => ws.receive({ namespace: 'notifications', mutation: 'remove', payload: { id: 3 } }));
    expect(screen.queryByText('Второе')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Удалить все (1)' }));
    expect(calls.filter((call) => call.url === '/api/notifications' && call.method === 'DELETE')).toHaveLength(0);
    await userEvent.click(within(screen.getByRole('alertdialog', { name: 'Удалить все уведомления?' })).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'DELETE', url: '/api/notifications' }));
    expect(screen.getByText('Уведомления отсутствуют')).toBeInTheDocument();
  });

  it('hands every frame to the features that keep their own state in step (the working order, drafts)', async () => {
    const heard: unknown[] = [];
    const stop = onRealtimeFrame((frame) => heard.push(frame));
    try {
      renderConnection();
      await screen.findByText('Заказ №10001: документы готовы');
      const ws = FakeWebSocket.latest();
      act(() => ws.open());
      const frame = { namespace: 'drafts', mutation: 'removed', payload: { ids: [1_800_000_000_000] } };
      act(() => ws.receive(frame));
      expect(heard).toContainEqual(frame);
    } finally {
      stop();
    }
  });

  it('marks a lost connection closed, reconnects and reloads the list it missed', async () => {
    renderConnection();
    await screen.findByText('Заказ №10001: документы готовы');
    const ws = FakeWebSocket.latest();
    act(() => ws.open());
    act(() => ws.drop());
    expect(useRealtimeStore.getState().state).toBe('closed');

    // While offline the server stored another message.
    serverList = [message(5, 'Пока вас не было', 'notification', 1), ...serverList];
    // The reconnect comes after a pause: wait for the new socket, not for a span of time.
    await waitFor(() => expect(FakeWebSocket.latest()).not.toBe(ws));
    const again = FakeWebSocket.latest();
    act(() => again.open());
    act(() => again.receive({ namespace: 'session', action: 'ready', payload: { login: 'demo' } }));
    expect(await screen.findByText('Пока вас не было')).toBeInTheDocument();
    expect(screen.getByTestId('notifications-count')).toHaveTextContent('2');
  });

  it('counts the unread messages as the server does, opens one with a click and follows the count pushed from other devices', async () => {
    serverList = [message(1, 'Первое', 'notification', 60), message(3, 'Второе', 'notification', 30)];
    renderConnection();
    const first = (await screen.findByText('Первое')).closest('[data-testid="notification-item"]') as HTMLElement;
    await waitFor(() => expect(useNotificationsStore.getState().unread).toBe(2));
    expect(calls).toContainEqual({ method: 'GET', url: '/api/notifications/unread' });
    const ws = FakeWebSocket.latest();
    act(() => ws.open());

    // Opened here: read at once, and the server is told (it answers the count left).
    serverList = [{ ...serverList[0]!, readAt: Date.now() }, serverList[1]!];
    await userEvent.click(within(first).getByRole('button', { name: /Открыть: Первое/ }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'POST', url: '/api/notifications/1/open' }));
    expect(useNotificationsStore.getState().unread).toBe(1);
    expect(first).not.toHaveAttribute('data-unread');

    // Read on another device: marked read here without telling the server again, and the count is the server's.
    act(() => ws.receive({ namespace: 'notifications', mutation: 'read', payload: { ids: [3], readAt: Date.now() } }));
    act(() => ws.receive({ namespace: 'notifications', mutation: 'unread', payload: { unread: 0 } }));
    expect(useNotificationsStore.getState().messages.every((item) => item.readAt)).toBe(true);
    expect(useNotificationsStore.getState().unread).toBe(0);
    expect(calls.filter((call) => call.url.endsWith('/3/open'))).toHaveLength(0);
  });

  it('sends «Отметить все прочитанными» to the server', async () => {
    serverList = [message(1, 'Первое', 'notification', 60), message(3, 'Второе', 'notification', 30)];
    renderConnection();
    await screen.findByText('Первое');
    await waitFor(() => expect(useNotificationsStore.getState().unread).toBe(2));
    serverList = serverList.map((item) => ({ ...item, readAt: Date.now() }));
    await userEvent.click(screen.getByRole('button', { name: 'Отметить все прочитанными' }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'POST', url: '/api/notifications/read-all' }));
    expect(useNotificationsStore.getState().unread).toBe(0);
    expect(screen.queryByTestId('notifications-unread')).not.toBeInTheDocument();
  });
});

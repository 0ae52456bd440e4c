import type { TRealtimeMessage } from '@portal/contracts';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNotificationsStore } from '../../shared/notifications-store';
import { createFrameRoutes, routeFrame, toPortalMessage } from './route-frame';

afterEach(() => useNotificationsStore.setState({ messages: [], unread: 0 }));

const serverMessage = (id: number, extra: Partial<TRealtimeMessage> = {}): TRealtimeMessage => ({
  id,
  time: Date.UTC(2026, 2, 1, 9, 30),
  message: `Сообщение ${id}`,
  readPopup: false,
  type: 'popup',
  event: 'check_status',
  link: '/orders/10001',
  readAt: null,
  ...extra,
});

function setup() {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const onReady = vi.fn();
  const routes = createFrameRoutes({ notifications: useNotificationsStore.getState(), queryClient, onReady });
  const messages = () => useNotificationsStore.getState().messages;
  return { routes, invalidate, onReady, messages };
}

describe('routeFrame', () => {
  it('routes notifications mutations to the notifications list', () => {
    const { routes, messages } = setup();
    expect(routeFrame(routes, { namespace: 'notifications', mutation: 'add', payload: serverMessage(1) })).toBe(true);
    routeFrame(routes, { namespace: 'notifications', mutation: 'add', payload: serverMessage(2, { type: 'notification', time: Date.UTC(2026, 2, 2) }) });
    expect(messages().map((m) => [m.id, m.type, m.readPopup])).toEqual([
      ['2', 'notification', false],
      ['1', 'popup', false],
    ]);
    expect(messages()[1]!.time).toBe('2026-03-01T09:30:00.000Z');

    routeFrame(routes, { namespace: 'notifications', mutation: 'markRead', payload: { id: 1 } });
    expect(messages().find((m) => m.id === '1')!.readPopup).toBe(true);
    routeFrame(routes, { namespace: 'notifications', mutation: 'remove', payload: { id: 2 } });
    expect(messages().map((m) => m.id)).toEqual(['1']);
    routeFrame(routes, { namespace: 'notifications', mutation: 'clear', payload: {} });
    expect(messages()).toEqual([]);
  });

  it('routes a refresh action to the query keys of its namespace only', () => {
    const { routes, invalidate } = setup();
    routeFrame(routes, { namespace: 'orders', action: 'refresh', payload: { ids: [10001] } });
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['orders'], ['partners']]);
    invalidate.mockClear();
    routeFrame(routes, { namespace: 'claims', action: 'refresh', payload: { ids: [3] } });
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['claims']]);
  });

  it('tells a mutation from an action of the same name, and the namespace matters', () => {
    const { routes, invalidate, messages } = setup();
    // "add" exists as a mutation only; "refresh" as an action only.
    expect(routeFrame(routes, { namespace: 'notifications', action: 'add', payload: serverMessage(5) })).toBe(false);
    expect(routeFrame(routes, { namespace: 'orders', mutation: 'refresh', payload: {} })).toBe(false);
    expect(routeFrame(routes, { mutation: 'add', payload: serverMessage(6) })).toBe(false);
    expect(routeFrame(routes, { namespace: 'shipments', action: 'add' })).toBe(false);
    expect(messages()).toEqual([]);
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('routes actions without a namespace, and ignores unknown frames', () => {
    const { routes, onReady } = setup();
    expect(routeFrame(routes, { action: 'pong' })).toBe(true);
    expect(routeFrame(routes, { namespace: 'session', action: 'ready', payload: { login: 'demo' } })).toBe(true);
    expect(onReady).toHaveBeenCalledOnce();
    expect(routeFrame(routes, { namespace: 'future', action: 'something' })).toBe(false);
    expect(routeFrame(routes, { payload: 1 })).toBe(false);
  });

  it('maps a server message to the store shape', () => {
    expect(toPortalMessage(serverMessage(7, { readPopup: true }))).toEqual({
      id: '7',
      time: '2026-03-01T09:30:00.000Z',
      message: 'Сообщение 7',
      readPopup: true,
      type: 'popup',
      event: 'check_status',
      link: '/orders/10001',
      readAt: null,
    });
    expect(toPortalMessage(serverMessage(8, { readAt: Date.UTC(2026, 2, 1, 10) })).readAt).toBe('2026-03-01T10:00:00.000Z');
  });

  it('applies reads made on another device and the count the server pushes', () => {
    const { routes, messages } = setup();
    for (const id of [1, 2, 3]) routeFrame(routes, { namespace: 'notifications', mutation: 'add', payload: serverMessage(id) });
    expect(routeFrame(routes, { namespace: 'notifications', mutation: 'unread', payload: { unread: 3 } })).toBe(true);
    expect(useNotificationsStore.getState().unread).toBe(3);

    routeFrame(routes, { namespace: 'notifications', mutation: 'read', payload: { ids: [2], readAt: Date.UTC(2026, 2, 1, 10) } });
    expect(messages().map((m) => [m.id, m.readAt ?? null])).toEqual([
      ['3', null],
      ['2', '2026-03-01T10:00:00.000Z'],
      ['1', null],
    ]);
    // The count is the server's, not guessed from a change made elsewhere.
    expect(useNotificationsStore.getState().unread).toBe(3);
    routeFrame(routes, { namespace: 'notifications', mutation: 'unread', payload: { unread: 2 } });
    expect(useNotificationsStore.getState().unread).toBe(2);

    routeFrame(routes, { namespace: 'notifications', mutation: 'read', payload: { ids: null, readAt: Date.UTC(2026, 2, 1, 11) } });
    expect(messages().every((m) => m.readAt)).toBe(true);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { onNotificationsChange, selectPendingPopups, useNotificationsStore, type PortalMessage } from './notifications-store';

const message = (id: string, time: string, type: PortalMessage['type'] = 'notification') => ({ id, time, message: `Сообщение ${id}`, type });

afterEach(() => useNotificationsStore.setState({ messages: [] }));

describe('notifications store', () => {
  it('keeps messages newest first and does not double a resent message', () => {
    const store = useNotificationsStore.getState();
    store.add(message('a', '2026-01-10T10:00:00Z'));
    store.add(message('b', '2026-01-12T10:00:00Z'));
    store.add(message('c', '2026-01-11T10:00:00Z'));
    store.add({ ...message('b', '2026-01-12T10:00:00Z'), message: 'Исправленный текст' });
    const { messages } = useNotificationsStore.getState();
    expect(messages.map((m) => m.id)).toEqual(['b', 'c', 'a']);
    expect(messages[0]).toMatchObject({ message: 'Исправленный текст', readPopup: false });
  });

  it('marks a popup read, removes one and clears all', () => {
    const store = useNotificationsStore.getState();
    store.add(message('p', '2026-01-10T10:00:00Z', 'popup'));
    store.add(message('n', '2026-01-09T10:00:00Z'));
    expect(selectPendingPopups(useNotificationsStore.getState()).map((m) => m.id)).toEqual(['p']);

    store.markReadPopup('p');
    expect(selectPendingPopups(useNotificationsStore.getState())).toEqual([]);
    expect(useNotificationsStore.getState().messages.find((m) => m.id === 'p')?.readPopup).toBe(true);

    store.remove('n');
    expect(useNotificationsStore.getState().messages.map((m) => m.id)).toEqual(['p']);
    store.clear();
    expect(useNotificationsStore.getState().messages).toEqual([]);
  });

  it("reports the user's changes to listeners, but not the server's own or a load", () => {
    const listener = vi.fn();
    const unsubscribe = onNotificationsChange(listener);
    const store = useNotificationsStore.getState();
    store.replaceAll([
      { ...message('1', '2026-01-10T10:00:00Z', 'popup'), readPopup: false },
      { ...message('2', '2026-01-09T10:00:00Z'), readPopup: false },
      { ...message('3', '2026-01-08T10:00:00Z'), readPopup: false },
    ]);
    store.markReadPopup('1');
    store.remove('2');
    store.remove('3', 'server');
    store.remove('missing');
    store.clear();
    expect(listener.mock.calls.map(([change]) => change)).toEqual([
      { kind: 'read-popup', id: '1' },
      { kind: 'removed', id: '2' },
      { kind: 'cleared' },
    ]);
    unsubscribe();
    store.add(message('4', '2026-01-10T10:00:00Z'));
    store.clear();
    expect(listener).toHaveBeenCalledTimes(3);
  });
});

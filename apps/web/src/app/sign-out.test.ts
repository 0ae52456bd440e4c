/**
 * Signing out on a shared computer leaves none of the dealer's orders in the browser (issue #35 point 8): what only
 * this browser held is sent to the server first, then the working order, the drafts, their sync state and the order
 * log leave both memory and localStorage. A session the server already ended sends nothing.
 */
import { blankOrder, type Position } from '@portal/contracts';
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeDraftsServer } from '../shared/testing/fake-drafts-server';

const ORDER_KEYS = ['working_order', 'working_order_synced', 'orders_drafts', 'orders_drafts_removed', 'logs'];

function position(guid: string, count: number): Position {
  return {
    guid,
    article: `ART-${guid}`,
    product: { ID: guid, ARTICLE: `ART-${guid}`, NAME: `Куртка ${guid}`, UID: guid },
    type: 'wear',
    characteristics: [
      { ID: `${guid}-48`, CHARACTERISTIC: '48', PRICE: 100, fullprice: 100, price_discount: 0, count, RESIDUE: 50, MAX_DISCOUNT: 0, PPDATA: '', GUID: `${guid}-48`, ORGGUID: 'org', discount: 0 },
    ],
    count: 0,
    total: 0,
    total_discount: 0,
  };
}

let server: FakeDraftsServer;
beforeEach(() => {
  server = new FakeDraftsServer();
  server.install();
  localStorage.setItem('id_token', 'token-of-the-dealer');
});
afterEach(() => vi.restoreAllMocks());

async function openShell() {
  vi.resetModules();
  const { useOrdersSync } = await import('../features/orders/model/use-orders-sync');
  const { useOrderStore } = await import('../features/orders/model/order-store');
  const { useDraftsStore } = await import('../features/orders/model/drafts-store');
  const { useAuthStore } = await import('../features/auth/auth-store');
  renderHook(() => useOrdersSync());
  await vi.waitFor(() => expect(server.requests).toContain('GET /api/user/drafts'));
  return { useOrderStore, useDraftsStore, useAuthStore };
}

/** An order and a draft made while offline: only this browser has them. */
function workOffline(shell: Awaited<ReturnType<typeof openShell>>) {
  server.online = false;
  shell.useOrderStore.getState().add([position('a', 3)]);
  shell.useDraftsStore.getState().save(shell.useOrderStore.getState().order, 'Только здесь', 1_800_000_000_000);
  localStorage.setItem('logs', JSON.stringify([{ action: 'ORDER_ADD', number: 10001 }]));
  for (const key of ['working_order', 'orders_drafts', 'logs']) expect(localStorage.getItem(key)).not.toBeNull();
  server.online = true;
}

describe('signing out', () => {
  it('sends what only this browser held, then leaves no order, draft or order log in it', async () => {
    const shell = await openShell();
    workOffline(shell);
    await shell.useAuthStore.getState().logout();

    expect(server.drafts.get(1_800_000_000_000)?.name).toBe('Только здесь');
    expect(server.working.order.position.map((item) => item.guid)).toEqual(['a']);
    for (const key of ORDER_KEYS) expect({ key, value: localStorage.getItem(key) }).toEqual({ key, value: null });
    expect(localStorage.getItem('id_token')).toBeNull();
    expect(shell.useOrderStore.getState().order.position).toEqual([]);
    expect(shell.useDraftsStore.getState().drafts).toEqual([]);
    expect(server.requests.at(-1)).toBe('POST /api/auth/logout');
  });

  it('after the server ended the session, clears the browser without sending anything', async () => {
    const shell = await openShell();
    workOffline(shell);
    const sent = server.requests.length;
    await shell.useAuthStore.getState().logout({ sessionEnded: true });
    expect(server.requests.slice(sent)).toEqual(['POST /api/auth/logout']);
    for (const key of ORDER_KEYS) expect({ key, value: localStorage.getItem(key) }).toEqual({ key, value: null });
  });

  it('signing in on a browser where an earlier user left orders (before this release) starts from the server’s copy', async () => {
    localStorage.removeItem('id_token');
    localStorage.setItem('working_order', JSON.stringify({ ...blankOrder(), id: 1, position: [position('a', 1)] }));
    localStorage.setItem('orders_drafts', JSON.stringify([{ ...blankOrder(), id: 2, name: 'Чужой' }]));
    vi.resetModules();
    const { useAuthStore } = await import('../features/auth/auth-store');
    await useAuthStore.getState().login('demo2', 'demo1234');
    expect(localStorage.getItem('id_token')).toBe('token-of-the-next-user');
    for (const key of ORDER_KEYS) expect({ key, value: localStorage.getItem(key) }).toEqual({ key, value: null });
  });
});

/**
 * The working order and drafts following the dealer (issue #35 point 8), against an in-memory server with the real
 * server's revision rule: a change here is stored; two devices' lines merge and none is lost; another device's change
 * arrives by a socket frame; a draft saved offline is sent once the browser is online again.
 */
import { blankOrder, type Position, type TDraft, type TWorkingOrderWire, type WorkingOrder } from '@portal/contracts';
import { addPositions, lineUnits, setLineCount } from './working-order';
import { notifications } from '@mantine/notifications';
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeDraftsServer } from '../../../shared/testing/fake-drafts-server';

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

const units = (order: WorkingOrder, guid: string) => {
  const { inStock, preorder } = lineUnits(order, guid, `${guid}-48`);
  return inStock + preorder;
};

let server: FakeDraftsServer;
beforeEach(() => {
  server = new FakeDraftsServer();
  server.install();
  localStorage.setItem('id_token', 'token-of-the-dealer');
});
afterEach(() => vi.restoreAllMocks());

/** The modules as a fresh page loads them, with the shell's sync mounted. */
async function openPage() {
  vi.resetModules();
  const orderStore = await import('./order-store');
  const draftsStore = await import('./drafts-store');
  const sync = await import('./use-orders-sync');
  const workingOrderSync = await import('./working-order-sync');
  const bus = await import('../../../shared/realtime-bus');
  const mounted = renderHook(() => sync.useOrdersSync());
  return { orders: orderStore.useOrderStore, drafts: draftsStore.useDraftsStore, workingOrderSync, emit: bus.emitRealtimeFrame, mounted };
}

describe('the working order on the server', () => {
  it('a change here is stored with the revision it was made on, and kept as the offline copy', async () => {
    const page = await openPage();
    page.orders.getState().add([position('a', 2)]);
    await vi.waitFor(() => expect(server.working.revision).toBe(1));
    expect(units(server.working.order, 'a')).toBe(2);
    page.orders.getState().setCount('position', 'a', 'a-48', 5);
    await vi.waitFor(() => expect(server.working.revision).toBe(2));
    expect(server.requests.filter((request) => request === 'PUT /api/user/working-order')).toHaveLength(2);
    expect(JSON.parse(localStorage.getItem('working_order')!).position[0].characteristics[0].count).toBe(5);
    await vi.waitFor(() => expect(page.workingOrderSync.syncedRevision()).toBe(2));
  });

  it('lines added on two devices at once are merged: none is lost', async () => {
    const page = await openPage();
    page.orders.getState().add([position('a', 1)]);
    await vi.waitFor(() => expect(server.working.revision).toBe(1));
    // The phone adds b; this device, still at revision 1, adds c.
    server.storeFromElsewhere(addPositions(server.working.order, [position('b', 3)], []));
    page.orders.getState().add([position('c', 4)]);
    await vi.waitFor(() => expect(server.working.revision).toBe(3));
    expect(server.requests).toContain('GET /api/user/working-order');
    expect(['a', 'b', 'c'].map((guid) => units(server.working.order, guid))).toEqual([1, 3, 4]);
    expect(['a', 'b', 'c'].map((guid) => units(page.orders.getState().order, guid))).toEqual([1, 3, 4]);
  });

  it('the same line changed on both devices keeps this device’s quantity, and the dealer is told', async () => {
    const show = vi.spyOn(notifications, 'show');
    const page = await openPage();
    page.orders.getState().add([position('a', 1)]);
    await vi.waitFor(() => expect(server.working.revision).toBe(1));
    server.storeFromElsewhere(setLineCount(server.working.order, 'position', 'a', 'a-48', 7, []));
    page.orders.getState().setCount('position', 'a', 'a-48', 2);
    await vi.waitFor(() => expect(server.working.revision).toBe(3));
    expect(units(server.working.order, 'a')).toBe(2);
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Заказ изменили на другом устройстве', message: expect.stringContaining('ART-a 48 — оставлено 2 шт. (там 7, здесь 2)') }),
    );
  });

  it('another device’s change is announced by its frame and fetched; the frame of this device’s own write fetches nothing', async () => {
    const page = await openPage();
    page.orders.getState().add([position('a', 1)]);
    await vi.waitFor(() => expect(page.workingOrderSync.syncedRevision()).toBe(1));
    const fetched = () => server.requests.filter((request) => request === 'GET /api/user/working-order').length;
    await vi.waitFor(() => expect(fetched()).toBeGreaterThan(0));
    const before = fetched();
    page.emit({ namespace: 'workingOrder', mutation: 'changed', payload: { revision: 1 } });
    expect(fetched()).toBe(before);

    const fromPhone = server.storeFromElsewhere({ ...addPositions(server.working.order, [position('b', 2)], []), comment: 'С телефона' });
    page.emit({ namespace: 'workingOrder', mutation: 'changed', payload: { revision: fromPhone.revision } });
    await vi.waitFor(() => expect(units(page.orders.getState().order, 'b')).toBe(2));
    expect(page.orders.getState().order.comment).toBe('С телефона');
    expect(page.workingOrderSync.syncedRevision()).toBe(2);
    // Taken as is: nothing to send back.
    expect(server.requests.filter((request) => request === 'PUT /api/user/working-order')).toHaveLength(1);
  });

  it('a fresh browser takes the order stored from another device', async () => {
    server.storeFromElsewhere(addPositions(blankOrder(), [position('z', 6)], [], 1_700_000_000_000) as TWorkingOrderWire);
    const page = await openPage();
    await vi.waitFor(() => expect(units(page.orders.getState().order, 'z')).toBe(6));
    expect(page.orders.getState().order.id).toBe(1_700_000_000_000);
  });
});

describe('drafts on the server', () => {
  it('a draft saved here is stored; one saved on another device appears by its frame, and a deleted one goes', async () => {
    const page = await openPage();
    page.orders.getState().add([position('a', 1)]);
    const saved = page.drafts.getState().save(page.orders.getState().order, 'С компьютера', 1_800_000_000_000);
    await vi.waitFor(() => expect(server.drafts.get(saved.id)?.name).toBe('С компьютера'));
    await vi.waitFor(() => expect(page.drafts.getState().drafts[0]!.revision).toBe(1));

    const fromPhone: TDraft = { ...server.drafts.get(saved.id)!, id: 1_800_000_000_500, name: 'С телефона' };
    server.drafts.set(fromPhone.id, fromPhone);
    page.emit({ namespace: 'drafts', mutation: 'saved', payload: { id: fromPhone.id, revision: 1 } });
    await vi.waitFor(() => expect(page.drafts.getState().drafts.map((draft) => draft.name)).toEqual(['С телефона', 'С компьютера']));
    page.emit({ namespace: 'drafts', mutation: 'removed', payload: { ids: [saved.id] } });
    expect(page.drafts.getState().drafts.map((draft) => draft.name)).toEqual(['С телефона']);
    expect(JSON.parse(localStorage.getItem('orders_drafts')!).map((draft: TDraft) => draft.name)).toEqual(['С телефона']);
  });

  it('a draft saved offline is marked until the server has it, then sent when the browser is online again', async () => {
    const page = await openPage();
    await vi.waitFor(() => expect(server.requests).toContain('GET /api/user/drafts'));
    server.online = false;
    page.orders.getState().add([position('a', 1)]);
    page.drafts.getState().save(page.orders.getState().order, 'В дороге', 1_800_000_001_000);
    expect(page.drafts.getState().drafts[0]!.name).toBe('В дороге');
    expect(page.drafts.getState().drafts[0]!.revision).toBeUndefined();
    server.online = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(server.drafts.get(1_800_000_001_000)?.name).toBe('В дороге'));
    await vi.waitFor(() => expect(page.drafts.getState().drafts[0]!.revision).toBe(1));
  });

  it('«delete all» deletes the drafts seen here; one saved meanwhile on another device stays', async () => {
    server.drafts.set(1, { ...(blankOrder() as TWorkingOrderWire), id: 1, name: 'Первый', revision: 1 });
    const page = await openPage();
    await vi.waitFor(() => expect(page.drafts.getState().drafts).toHaveLength(1));
    server.drafts.set(2, { ...(blankOrder() as TWorkingOrderWire), id: 2, name: 'С телефона', revision: 1 });
    page.drafts.getState().clear();
    await vi.waitFor(() => expect(server.drafts.has(1)).toBe(false));
    expect([...server.drafts.keys()]).toEqual([2]);
    await vi.waitFor(() => expect(page.drafts.getState().removed).toEqual([]));
  });

  it('a rename made on a draft renamed meanwhile elsewhere shows the server’s name and says why', async () => {
    const show = vi.spyOn(notifications, 'show');
    server.drafts.set(5, { ...(blankOrder() as TWorkingOrderWire), id: 5, name: 'Старое', revision: 1 });
    const page = await openPage();
    await vi.waitFor(() => expect(page.drafts.getState().drafts).toHaveLength(1));
    server.drafts.set(5, { ...server.drafts.get(5)!, name: 'С телефона', revision: 2 });
    page.drafts.getState().rename(5, 'С компьютера');
    await vi.waitFor(() => expect(page.drafts.getState().drafts[0]!.name).toBe('С телефона'));
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringMatching(/изменили на другом устройстве/) }));
  });
});

/**
 * The working order and drafts kept per user (issue #35 point 8): saved, listed, renamed and deleted through the API;
 * another user never sees or changes them; a stale write of the working order is refused with 409; every change
 * reaches the user's other open sockets, and no one else's.
 */
import { DRAFT_LIMITS, blankOrder, type Position, type TWorkingOrderWire } from '@portal/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partners, userPartners, users } from '../../../src/db/schema';
import { DEMO_PARTNERS } from '../../../src/seed/people';
import { createTestApp, signInAs, type TestApp } from '../../support/helper';
import { heardAllPublished, openSignedInSocket, type TestSocket } from '../../support/realtime-client';
import { addPositions } from '../../../../web/src/features/orders/model/working-order';

let t: TestApp;
let baseUrl: string;
let demo: { authorization: string };
let demo2: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  demo = await signInAs(t.app, 'demo');
  demo2 = await signInAs(t.app, 'demo2');
});
afterAll(() => t.close());

function position(guid: string, count: number): Position {
  return {
    guid,
    article: `ART-${guid}`,
    product: { ID: guid, ARTICLE: `ART-${guid}`, NAME: `Куртка ${guid}`, UID: guid },
    type: 'wear',
    characteristics: [
      { ID: `${guid}-48`, CHARACTERISTIC: '48', PRICE: 1000, fullprice: 1000, price_discount: 0, count, RESIDUE: 10, MAX_DISCOUNT: 0, PPDATA: '', GUID: `${guid}-48`, ORGGUID: 'org', discount: 0 },
    ],
    count: 0,
    total: 0,
    total_discount: 0,
  };
}

/** An order of demo's ООО «СпецСнаб», with lines and a name. */
function orderOf(id: number, name: string, lines: Array<[string, number]> = [['p1', 2]]): TWorkingOrderWire {
  const order = addPositions({ ...blankOrder(), partner_id: DEMO_PARTNERS.SPECSNAB }, lines.map(([guid, count]) => position(guid, count)), [], id);
  return { ...order, name, id };
}

const call = (headers: { authorization: string }, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });

async function clearDrafts(headers: { authorization: string }) {
  const ids = (await call(headers, 'GET', '/api/user/drafts')).json().response.map((draft: { id: number }) => draft.id);
  if (ids.length > 0) expect((await call(headers, 'POST', '/api/user/drafts/remove', { ids })).statusCode).toBe(200);
}

describe('drafts', () => {
  it('are saved, listed newest first, renamed and deleted', async () => {
    await clearDrafts(demo);
    const saved = await call(demo, 'POST', '/api/user/drafts', orderOf(1_800_000_000_001, 'Весна, склад Тверь'));
    expect(saved.statusCode).toBe(200);
    expect(saved.json().response).toMatchObject({ id: 1_800_000_000_001, name: 'Весна, склад Тверь', revision: 1, total: 2000, partner_id: DEMO_PARTNERS.SPECSNAB });
    await call(demo, 'POST', '/api/user/drafts', orderOf(1_800_000_000_002, 'Осень'));
    const list = (await call(demo, 'GET', '/api/user/drafts')).json().response as Array<{ id: number; name: string }>;
    expect(list.map((draft) => draft.name)).toEqual(['Осень', 'Весна, склад Тверь']);

    const renamed = await call(demo, 'PATCH', '/api/user/drafts/1800000000001', { name: '  Весна  ', revision: 1 });
    expect(renamed.json().response).toMatchObject({ name: 'Весна', revision: 2 });

    expect((await call(demo, 'DELETE', '/api/user/drafts/1800000000002')).json().response).toEqual({ ids: [1_800_000_000_002] });
    const again = await call(demo, 'DELETE', '/api/user/drafts/1800000000002');
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toMatch(/Черновик не найден/);
    expect((await call(demo, 'GET', '/api/user/drafts')).json().response.map((draft: { name: string }) => draft.name)).toEqual(['Весна']);
  });

  it('a resent save answers the stored draft and stores nothing new', async () => {
    await clearDrafts(demo);
    const first = await call(demo, 'POST', '/api/user/drafts', orderOf(1_800_000_000_010, 'Один'));
    const resent = await call(demo, 'POST', '/api/user/drafts', orderOf(1_800_000_000_010, 'Один'));
    expect(resent.statusCode).toBe(200);
    expect(resent.json().response).toEqual(first.json().response);
    expect((await call(demo, 'GET', '/api/user/drafts')).json().response).toHaveLength(1);
  });

  it('a rename made on a revision another device has changed is refused with 409, in Russian', async () => {
    await clearDrafts(demo);
    await call(demo, 'POST', '/api/user/drafts', orderOf(1_800_000_000_020, 'Черновик'));
    expect((await call(demo, 'PATCH', '/api/user/drafts/1800000000020', { name: 'С компьютера', revision: 1 })).statusCode).toBe(200);
    const stale = await call(demo, 'PATCH', '/api/user/drafts/1800000000020', { name: 'С телефона', revision: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/на другом устройстве/) });
    expect((await call(demo, 'GET', '/api/user/drafts')).json().response[0]).toMatchObject({ name: 'С компьютера', revision: 2 });
  });

  it('«delete all» removes only the drafts the dealer saw: one saved meanwhile elsewhere stays', async () => {
    await clearDrafts(demo);
    await call(demo, 'POST', '/api/user/drafts', orderOf(1_800_000_000_030, 'Видел'));
    await call(demo, 'POST', '/api/user/drafts', orderOf(1_800_000_000_031, 'Сохранён на телефоне'));
    const removed = await call(demo, 'POST', '/api/user/drafts/remove', { ids: [1_800_000_000_030] });
    expect(removed.json().response).toEqual({ ids: [1_800_000_000_030] });
    expect((await call(demo, 'GET', '/api/user/drafts')).json().response.map((draft: { name: string }) => draft.name)).toEqual(['Сохранён на телефоне']);
  });

  it('are limited in number and size, with Russian messages that say what to do', async () => {
    await clearDrafts(demo);
    for (let i = 0; i < DRAFT_LIMITS.perUser; i++) {
      expect((await call(demo, 'POST', '/api/user/drafts', orderOf(1_800_000_001_000 + i, `Черновик ${i}`))).statusCode).toBe(200);
    }
    const over = await call(demo, 'POST', '/api/user/drafts', orderOf(1_800_000_002_000, 'Лишний'));
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe(
      `Черновиков уже ${DRAFT_LIMITS.perUser} — больше не сохранить (предел ${DRAFT_LIMITS.perUser}). Удалите ненужные черновики и сохраните снова.`,
    );
    await clearDrafts(demo);

    // Many lines with long names: within the list limits, above the size limit.
    const lines = Array.from({ length: 600 }, (_, i) => [`p${i}`, 1] as [string, number]);
    const big = orderOf(1_800_000_003_000, 'Большой', lines);
    for (const item of big.position) item.product.NAME = 'Я'.repeat(400);
    const tooBig = await call(demo, 'POST', '/api/user/drafts', big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.message).toMatch(/^Черновик слишком большой \(\d+ КБ, можно до 512 КБ\): разделите его на несколько черновиков\.$/);

    const unnamed = await call(demo, 'PATCH', '/api/user/drafts/1', { name: '   ', revision: 1 });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().error.message).toMatch(/Введите название черновика/);
  });
});

describe('the working order', () => {
  it('is stored from revision 0, then only from the revision stored: a stale write is refused with 409 and changes nothing', async () => {
    expect((await call(demo2, 'GET', '/api/user/working-order')).json().response).toEqual({ revision: 0, order: blankOrder() });
    const desk = { ...orderOf(1_800_000_100_000, ''), partner_id: DEMO_PARTNERS.TECHNOSHIELD };
    const first = await call(demo2, 'PUT', '/api/user/working-order', { revision: 0, order: desk });
    expect(first.json().response).toMatchObject({ revision: 1 });
    const phone = addPositions(desk, [position('p9', 1)], []);
    expect((await call(demo2, 'PUT', '/api/user/working-order', { revision: 1, order: phone })).json().response.revision).toBe(2);

    // The desk still works from revision 1: its write would drop the phone's line.
    const stale = await call(demo2, 'PUT', '/api/user/working-order', { revision: 1, order: { ...desk, comment: 'с компьютера' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toMatch(/Заказ изменили на другом устройстве/);
    const stored = (await call(demo2, 'GET', '/api/user/working-order')).json().response;
    expect(stored.revision).toBe(2);
    expect(stored.order.position.map((item: Position) => item.guid)).toEqual(['p1', 'p9']);
    // A second first write (another device that never saw one) is stale too.
    expect((await call(demo2, 'PUT', '/api/user/working-order', { revision: 0, order: desk })).statusCode).toBe(409);
  });

  it('keeps the rejected order it is sent instead of, so the link follows the dealer to another device', async () => {
    const { revision } = (await call(demo2, 'GET', '/api/user/working-order')).json().response as { revision: number };
    const resend = { ...orderOf(1_800_000_200_000, ''), partner_id: DEMO_PARTNERS.TECHNOSHIELD, replaces_approval: 12 };
    const bad = await call(demo2, 'PUT', '/api/user/working-order', { revision, order: { ...resend, replaces_approval: 'двенадцать' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/replaces_approval — номер отклонённого заказа на согласовании/);
    expect((await call(demo2, 'PUT', '/api/user/working-order', { revision, order: resend })).statusCode).toBe(200);
    expect((await call(demo2, 'GET', '/api/user/working-order')).json().response.order.replaces_approval).toBe(12);
  });
});

describe('another user', () => {
  /** Every drafts route of the OpenAPI document: the checks below must cover each one. */
  function documentedRoutes(): string[] {
    const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    return Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/user/drafts') || path.startsWith('/api/user/working-order'))
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
  }

  it('neither sees nor changes the dealer’s drafts or working order, on every drafts route of the API', async () => {
    await clearDrafts(demo);
    const mine = (await call(demo, 'POST', '/api/user/drafts', orderOf(1_800_000_200_000, 'Мой'))).json().response;
    const working = (await call(demo, 'GET', '/api/user/working-order')).json().response;
    await call(demo, 'PUT', '/api/user/working-order', { revision: working.revision, order: orderOf(1_800_000_200_001, '') });
    const checked: Record<string, () => Promise<void>> = {
      'GET /api/user/drafts': async () => {
        expect((await call(demo2, 'GET', '/api/user/drafts')).json().response.map((d: { id: number }) => d.id)).not.toContain(mine.id);
      },
      'POST /api/user/drafts': async () => {
        // A draft for the dealer's company: not the other user's company.
        const answer = await call(demo2, 'POST', '/api/user/drafts', orderOf(1_800_000_200_002, 'Чужой'));
        expect(answer.statusCode).toBe(403);
        expect(answer.json().error.message).toBe('Эта компания не относится к вашей учётной записи.');
        // The same id as the dealer's draft is the other user's own draft, not the dealer's.
        const own = await call(demo2, 'POST', '/api/user/drafts', { ...orderOf(mine.id, 'Свой'), partner_id: DEMO_PARTNERS.TECHNOSHIELD });
        expect(own.json().response).toMatchObject({ id: mine.id, name: 'Свой' });
      },
      'PATCH /api/user/drafts/{id}': async () => {
        await call(demo2, 'POST', '/api/user/drafts/remove', { ids: [mine.id] });
        expect((await call(demo2, 'PATCH', `/api/user/drafts/${mine.id}`, { name: 'Взлом', revision: 1 })).statusCode).toBe(404);
      },
      'DELETE /api/user/drafts/{id}': async () => {
        expect((await call(demo2, 'DELETE', `/api/user/drafts/${mine.id}`)).statusCode).toBe(404);
      },
      'POST /api/user/drafts/remove': async () => {
        expect((await call(demo2, 'POST', '/api/user/drafts/remove', { ids: [mine.id] })).json().response).toEqual({ ids: [] });
      },
      'GET /api/user/working-order': async () => {
        const theirs = (await call(demo2, 'GET', '/api/user/working-order')).json().response;
        expect(theirs.order.partner_id).not.toBe(DEMO_PARTNERS.SPECSNAB);
      },
      'PUT /api/user/working-order': async () => {
        const theirs = (await call(demo2, 'GET', '/api/user/working-order')).json().response;
        const answer = await call(demo2, 'PUT', '/api/user/working-order', { revision: theirs.revision, order: orderOf(1_800_000_200_003, '') });
        expect(answer.statusCode).toBe(403);
      },
    };
    expect(documentedRoutes()).toEqual(Object.keys(checked).sort());
    for (const check of Object.values(checked)) await check();
    // The dealer's own are untouched.
    expect((await call(demo, 'GET', '/api/user/drafts')).json().response).toEqual([mine]);
    expect((await call(demo, 'GET', '/api/user/working-order')).json().response.order.id).toBe(1_800_000_200_001);
  });
});

describe('realtime', () => {
  it('pushes each change to every socket of the user, and to no one else', async () => {
    await clearDrafts(demo);
    const sockets: TestSocket[] = [];
    try {
      const desk = await openSignedInSocket(baseUrl, demo.authorization);
      const phone = await openSignedInSocket(baseUrl, (await signInAs(t.app, 'demo')).authorization);
      const stranger = await openSignedInSocket(baseUrl, demo2.authorization);
      sockets.push(desk, phone, stranger);
      // Frames of the earlier tests may still be on their way (through NOTIFY on PostgreSQL): let them arrive, then
      // look only at what comes after.
      const userId = async (login: string) => (await t.app.db.select({ id: users.id }).from(users).where(eq(users.login, login)))[0]!.id;
      for (const [socket, login] of [[desk, 'demo'], [phone, 'demo'], [stranger, 'demo2']] as const) {
        await heardAllPublished(t.app.realtime, await userId(login), socket);
        socket.frames.length = 0;
      }

      await call(demo, 'POST', '/api/user/drafts', orderOf(1_800_000_300_000, 'С компьютера'));
      const saved = await phone.next((frame) => frame.namespace === 'drafts' && frame.mutation === 'saved');
      // Ids and revisions only: a frame between server processes must fit PostgreSQL's NOTIFY; the device fetches.
      expect(saved.payload).toEqual({ id: 1_800_000_300_000, revision: 1 });
      await desk.next((frame) => frame.namespace === 'drafts' && frame.mutation === 'saved');

      const stored = (await call(demo, 'GET', '/api/user/working-order')).json().response;
      await call(demo, 'PUT', '/api/user/working-order', { revision: stored.revision, order: orderOf(1_800_000_300_001, '') });
      const changed = await phone.next((frame) => frame.namespace === 'workingOrder');
      expect(changed).toEqual({ namespace: 'workingOrder', mutation: 'changed', payload: { revision: stored.revision + 1 } });

      await call(demo, 'DELETE', '/api/user/drafts/1800000300000');
      expect((await phone.next((frame) => frame.mutation === 'removed')).payload).toEqual({ ids: [1_800_000_300_000] });

      // The other user's socket got none of it.
      await heardAllPublished(t.app.realtime, await userId('demo2'), stranger);
      expect(stranger.frames.filter((frame) => frame.namespace === 'drafts' || frame.namespace === 'workingOrder')).toEqual([]);
    } finally {
      for (const socket of sockets) socket.ws.close();
      await Promise.all(sockets.map((socket) => socket.closed));
    }
  });
});

describe('a company the user no longer acts for', () => {
  it('takes its drafts and working order out of sight (this test runs last: it unlinks ИП Петров from demo)', async () => {
    await clearDrafts(demo);
    const forPetrov = (id: number, name: string) => ({ ...orderOf(id, name), partner_id: DEMO_PARTNERS.PETROV });
    await call(demo, 'POST', '/api/user/drafts', forPetrov(1_800_000_400_000, 'Для Петрова'));
    await call(demo, 'POST', '/api/user/drafts', orderOf(1_800_000_400_001, 'Для СпецСнаба'));
    const stored = (await call(demo, 'GET', '/api/user/working-order')).json().response;
    await call(demo, 'PUT', '/api/user/working-order', { revision: stored.revision, order: forPetrov(1_800_000_400_002, '') });

    const [user] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.login, 'demo'));
    const [petrov] = await t.app.db.select({ id: partners.id }).from(partners).where(eq(partners.uid, DEMO_PARTNERS.PETROV));
    await t.app.db.delete(userPartners).where(and(eq(userPartners.userId, user!.id), eq(userPartners.partnerId, petrov!.id)));

    expect((await call(demo, 'GET', '/api/user/drafts')).json().response.map((draft: { name: string }) => draft.name)).toEqual(['Для СпецСнаба']);
    expect((await call(demo, 'PATCH', '/api/user/drafts/1800000400000', { name: 'Снова', revision: 1 })).statusCode).toBe(404);
    const working = (await call(demo, 'GET', '/api/user/working-order')).json().response;
    expect(working.order).toEqual(blankOrder());
    // Nor can a new one name it.
    expect((await call(demo, 'POST', '/api/user/drafts', forPetrov(1_800_000_400_003, 'Ещё'))).statusCode).toBe(403);
  });
});


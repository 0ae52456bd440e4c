/**
 * Moving a portal from the embedded database to PostgreSQL: a portal used on the embedded database (orders placed
 * and edited, a claim with a photo, a logo, notifications) is stopped and moved; a portal started on PostgreSQL then
 * answers every user exactly as before — with their sessions still valid — and new orders continue the numbering.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app';
import { testConfig } from '../../../src/config';
import { rawQuery } from '../../../src/db/client';
import { DEMO_PARTNERS } from '../../../src/seed/people';
import { moveToPostgres, type MoveReport } from '../../../src/modules/operations/move-to-postgres';
import { png, postMultipart } from '../../support/logistics-orders';
import { createScratchDatabase, signInAs } from '../../support/helper';
import { insertProduct } from '../orders/fixtures';
import { orderPayload, removeFolders, scratchFolder, startEmbeddedPortal } from './fixtures';

const postgresUrl = process.env.DATABASE_URL ?? process.env.CI_DATABASE_URL;
const INTEGRATION_API_KEY = 'integration-key-0123456789';

type Headers = Record<string, string>;
type View = Record<string, string>;

let work: string;
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
let app: FastifyInstance | undefined;
let sessions: Record<'demo' | 'demo2', Headers>;
let before: Record<'demo' | 'demo2', View>;
let report: MoveReport;
let lastOrderId: number;

/** What a user sees: the answers of their screens' calls, files by checksum. */
async function viewOf(portal: FastifyInstance, headers: Headers): Promise<View> {
  const view: View = {};
  const get = async (url: string) => {
    const response = await portal.inject({ url, headers });
    expect(response.statusCode, url).toBe(200);
    const type = String(response.headers['content-type'] ?? '');
    view[url] = type.includes('json') ? response.body : `${type} ${createHash('sha256').update(response.rawPayload).digest('hex')}`;
    return type.includes('json') ? (response.json() as { response: unknown }).response : undefined;
  };
  for (const url of ['/api/partners', '/api/notifications', '/api/user/settings', '/api/user/delivery', '/api/user/shipments']) await get(url);
  const orders = (await get('/api/orders')) as Array<{ n: number }>;
  for (const order of orders) await get(`/api/user/order/${order.n}`);
  const claims = (await get('/api/user/claims')) as Array<{ files: Array<{ id: number }> }>;
  for (const file of claims.flatMap((claim) => claim.files)) await get(`/api/files/${file.id}`);
  const logos = (await get('/api/services/proposal/logo/list')) as Array<{ id: number }>;
  for (const logo of logos) await get(`/api/services/proposal/logo/${logo.id}/image`);
  // Name search reads the word index, which the move rebuilds from the products rather than copies.
  for (const query of ['костюм летний', 'бот', 'мастер кожаные']) await get(`/api/product/search?OPTION=2&QUERY=${encodeURIComponent(query)}`);
  return view;
}

beforeAll(async () => {
  if (!postgresUrl) return;
  work = scratchFolder('move');
  const dataDir = path.join(work, 'data');
  app = await startEmbeddedPortal(dataDir, { INTEGRATION_API_KEY });
  const portal = app;
  sessions = { demo: await signInAs(portal, 'demo'), demo2: await signInAs(portal, 'demo2') };
  const product = await insertProduct(portal.db, { priceOpt: 1000, offers: [{ characteristic: 'L', residue: 1000 }] });

  // Orders: placed, and one of them edited.
  const place = async (headers: Headers, body: object) => {
    const response = await portal.inject({ method: 'POST', url: '/api/order/add', headers, payload: body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().response.id as number;
  };
  const first = await place(sessions.demo, await orderPayload(portal, product, 3, 'Первый заказ'));
  await place(sessions.demo, await orderPayload(portal, product, 5, 'Второй заказ'));
  await place(sessions.demo2, await orderPayload(portal, product, 2, 'Заказ ТехноЩита', { login: 'demo2', partner: DEMO_PARTNERS.TECHNOSHIELD }));
  const edited = await portal.inject({ method: 'POST', url: `/api/order/${first}/edit`, headers: sessions.demo, payload: await orderPayload(portal, product, 7, 'Первый заказ, исправлен') });
  expect(edited.statusCode, edited.body).toBe(200);

  // A claim with a photo, a logo.
  const claim = await postMultipart(
    portal,
    '/api/user/claims/add',
    sessions.demo,
    {
      partner_guid: DEMO_PARTNERS.SPECSNAB,
      message: 'Разошёлся шов на двух куртках.',
      order: String(first),
      products: JSON.stringify([{ guid: product.offers[0]!.guid, article: product.article, name: product.name, quantity: 2 }]),
    },
    [{ name: 'шов.png', bytes: png(12, 12), type: 'image/png' }],
  );
  expect(claim.statusCode, claim.body).toBe(200);
  const logo = await postMultipart(portal, '/api/services/proposal/logo/add', sessions.demo, {}, [{ name: 'logo.png', bytes: png(240, 80), type: 'image/png', field: 'file' }]);
  expect(logo.statusCode, logo.body).toBe(200);

  // A notification: the ERP ships a check of the first order.
  const detail = (await portal.inject({ url: `/api/user/order/${first}`, headers: sessions.demo })).json().response;
  const status = await portal.inject({
    method: 'POST',
    url: '/api/integration/checks',
    headers: { 'x-api-key': INTEGRATION_API_KEY },
    payload: [{ order: first, guid: detail.checks[0].guid, status: 3 }],
  });
  expect(status.statusCode, status.body).toBe(200);

  before = { demo: await viewOf(portal, sessions.demo), demo2: await viewOf(portal, sessions.demo2) };
  // The last order number handed out (a rolled-back placement uses one up too).
  lastOrderId = Number((await rawQuery<{ last: string }>(portal.db, 'select last_value::text as last from orders_id_seq'))[0]!.last);
  await portal.close();
  app = undefined;

  scratch = await createScratchDatabase(postgresUrl);
  report = await moveToPostgres({ dataDir, databaseUrl: scratch.url, filesTo: path.join(work, 'shared') });
  app = await buildApp(testConfig({ DATABASE_URL: scratch.url, DATA_DIR: path.join(work, 'shared'), INTEGRATION_API_KEY }));
  await app.ready();
}, 300_000);

afterAll(async () => {
  await app?.close();
  await scratch?.drop();
  if (work) await removeFolders(work);
});

describe.skipIf(!postgresUrl)('move to PostgreSQL (needs DATABASE_URL or CI_DATABASE_URL: a PostgreSQL to create a scratch database on)', () => {
  it('copies every table with the same row counts on both sides and the uploaded files to the folder named', () => {
    const rows = Object.fromEntries(report.tables.map((row) => [row.table, row]));
    for (const table of ['users', 'sessions', 'partners', 'orders', 'order_lines', 'order_checks', 'notifications', 'claims', 'claim_files', 'files']) {
      expect(rows[table]?.embedded, table).toBeGreaterThan(0);
    }
    for (const row of report.tables) expect(row.postgres, row.table).toBe(row.embedded);
    expect(report.sequences).toBeGreaterThan(5);
    expect(report.filesCopied).toBeGreaterThan(0);
    expect(report.filesFolder).toBe(path.join(work, 'shared'));
  });

  it('shows each user exactly what they saw before, through their old sessions', async () => {
    for (const login of ['demo', 'demo2'] as const) {
      const after = await viewOf(app!, sessions[login]);
      expect(Object.keys(after).sort()).toEqual(Object.keys(before[login]).sort());
      for (const [url, answer] of Object.entries(before[login])) expect(after[url], `${login} ${url}`).toBe(answer);
    }
    // The views are not trivially empty.
    expect(Object.keys(before.demo).filter((url) => url.startsWith('/api/user/order/')).length).toBeGreaterThanOrEqual(2);
    expect(Object.keys(before.demo).some((url) => url.startsWith('/api/files/'))).toBe(true);
    expect(Object.keys(before.demo).some((url) => url.endsWith('/image'))).toBe(true);
  });

  it('keeps the sequences: a new order continues the numbering', async () => {
    const product = await insertProduct(app!.db, { priceOpt: 900, offers: [{ characteristic: 'M', residue: 10 }] });
    const fresh = await signInAs(app!, 'demo');
    const response = await app!.inject({ method: 'POST', url: '/api/order/add', headers: fresh, payload: await orderPayload(app!, product, 1) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().response.id).toBe(lastOrderId + 1);
  });

  it('refuses a second run into the database that is no longer empty', async () => {
    await expect(moveToPostgres({ dataDir: path.join(work, 'data'), databaseUrl: scratch!.url })).rejects.toThrow(/База PostgreSQL не пуста \(в таблице \w+ строк: \d+; таблиц с данными: \d+\)/);
  });
});

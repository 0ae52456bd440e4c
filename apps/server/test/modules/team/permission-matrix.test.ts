/**
 * The permission matrix: every operation of the OpenAPI document × every role (Администратор, Закупщик, Бухгалтер) ×
 * the role's own company and another dealer's → the status the domain's table (team/roles.ts) says. Built from the
 * document, so a new route cannot be forgotten: an operation with no rule here fails the first test. Every status the
 * matrix sees must be one the operation declares in the document.
 */
import { COMPANY_ROLES, firstWorkingDayFrom, moscowDateAfter, roleMay, type CompanyAction, type CompanyRole } from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, partners, users } from '../../../src/db/schema';
import { DEMO_PARTNERS } from '../../../src/seed/people';
import { dayFromToday, multipart } from '../../support/logistics-orders';
import { createTestApp, signInAs, type TestApp } from '../../support/helper';
import { insertProduct, line, type FixtureProduct } from '../orders/fixtures';

let t: TestApp;

/** The seeded people of ООО «СпецСнаб», one per role. */
const PEOPLE: Record<CompanyRole, string> = { admin: 'demo', buyer: 'buyer', accountant: 'accountant' };
const sessions = {} as Record<CompanyRole, Record<string, string>>;

type Side = 'own' | 'other';
interface Context {
  side: Side;
  /** The company acted in: ООО «СпецСнаб» (own) or АО «ТехноЩит» (another dealer's). */
  partner: string;
  order: number;
  /** A colleague of the company the route changes (a missing one for the administrator's own: nothing is changed). */
  member: number;
  product: FixtureProduct;
}

type Request = (ctx: Context) => Promise<InjectOptions> | InjectOptions;

/**
 * How each operation is decided:
 * - `public`: no session needed; `key`: the ERP's or the operator's API key, no dealer session;
 * - `own`: the user's own things (profile, notifications, catalogue, search), every role alike;
 * - `company`: acts in one company: its role must allow `action` (403 with the reason), another dealer's company 403;
 * - `anywhere`: the user's own things behind an action some company of theirs must allow;
 * - `list`: spans the user's companies, keeping those where the role allows `action`: 200 for every role;
 * - `elsewhere`: decided in the company of an object that must exist first (an order kept «На согласовании»); its
 *   matrix is proven in the file named.
 */
type Rule =
  | { kind: 'public' | 'key' | 'own' }
  | { kind: 'elsewhere'; action: CompanyAction; provenIn: string }
  | { kind: 'company'; action: CompanyAction | 'member'; request: Request }
  | { kind: 'anywhere'; action: CompanyAction; request: Request }
  | { kind: 'list'; action: CompanyAction; request: Request };

const tomorrow = () => firstWorkingDayFrom(moscowDateAfter(Date.now(), 2));
const orderBody = (ctx: Context) => ({
  partner_id: ctx.partner,
  comment: 'Матрица прав',
  delivery: { address: 'Москва, ул. Тверская, 7', case: 'pickup', date: tomorrow(), cost: 0, bill_to: '' },
  position: [{ guid: ctx.product.uid, characteristics: [line(ctx.product.offers[0]!, 1)] }],
  position_presail: [],
});
const form = async (url: string, fields: Record<string, string>): Promise<InjectOptions> => {
  const body = await multipart(fields);
  return { method: 'POST', url, headers: { 'content-type': body.contentType }, payload: body.payload };
};
const team = (ctx: Context) => `/api/partners/${ctx.partner}/team`;
const proposal = (ctx: Context) => ({
  offer: {
    executor: 'Исполнитель',
    executorUID: ctx.partner,
    customer: 'ООО «Заказчик-Тест»',
    customerInn: '7736207543',
    customerKpp: '773601001',
    customerAddress: 'г. Москва',
    n: 'КП-1',
    date: '2026-03-14',
    comment: '',
    position: [{ guid: ctx.product.uid, characteristics: [{ guid: ctx.product.offers[0]!.guid, quantity: 1 }], markup: { kind: 'percent', value: 0, add_sum: 0 } }],
  },
  additionally: { delay: false, delayCalendarValue: null, delayWorkValue: null, delivery: false, deliveryValue: '', pickup: false, pickupValue: '', prepayment: false, prepaymentValue: null },
  header: false,
  banner: false,
  as: 'PDF',
  portrait: true,
});

const RULES: Record<string, Rule> = {
  'GET /api': { kind: 'public' },
  'POST /api/auth': { kind: 'public' },
  'POST /api/auth/password/forgot': { kind: 'public' },
  'POST /api/auth/password/reset': { kind: 'public' },
  'POST /api/auth/invitation/accept': { kind: 'public' },
  'POST /api/user/email/confirm': { kind: 'public' },
  'GET /api/health': { kind: 'public' },
  'GET /api/ready': { kind: 'public' },
  'GET /api/content/catalog/menu': { kind: 'public' },
  'GET /api/content/season-sale': { kind: 'own' },
  'GET /api/content/images/{id}': { kind: 'public' },
  'GET /api/content/products/{id}/image': { kind: 'public' },
  'GET /api/content/news': { kind: 'own' },
  'GET /api/content/cases': { kind: 'own' },
  'POST /api/auth/logout': { kind: 'own' },
  'GET /api/auth/me': { kind: 'own' },
  'POST /api/user/password': { kind: 'own' },
  'GET /api/user/settings': { kind: 'own' },
  'POST /api/user/settings/personal/update': { kind: 'own' },
  'POST /api/user/settings/notifications/update': { kind: 'own' },
  'GET /api/user/settings/avatar/{fileId}': { kind: 'own' },
  'POST /api/user/request/feedback': { kind: 'own' },
  'GET /api/files/{id}': { kind: 'own' },
  'GET /api/notifications': { kind: 'own' },
  'POST /api/notifications/{id}/read': { kind: 'own' },
  'DELETE /api/notifications/{id}': { kind: 'own' },
  'DELETE /api/notifications': { kind: 'own' },
  'GET /api/notifications/unread': { kind: 'own' },
  'POST /api/notifications/{id}/open': { kind: 'own' },
  'POST /api/notifications/read-all': { kind: 'own' },
  // The user's own held orders, and those of the companies where the user approves.
  'GET /api/order-approvals': { kind: 'own' },
  'POST /api/order-approvals/{id}/approve': { kind: 'elsewhere', action: 'orders.approve', provenIn: 'orders/approvals.test.ts' },
  'POST /api/order-approvals/{id}/reject': { kind: 'elsewhere', action: 'orders.approve', provenIn: 'orders/approvals.test.ts' },
  // The address suggestions' proxy keeps the suggestion service's own path, outside /api.
  'POST /suggestions/api/4_1/rs/suggest/address': { kind: 'own' },
  'GET /api/integration/vat-rates': { kind: 'key' },
  'PUT /api/integration/vat-rates': { kind: 'key' },
  'GET /api/product/search': { kind: 'own' },
  'GET /api/product/suggestions': { kind: 'own' },
  'GET /api/certificates': { kind: 'own' },
  'GET /api/certificates/{id}/file': { kind: 'own' },
  'POST /api/order/certificates': { kind: 'own' },
  'GET /api/partners': { kind: 'own' },
  'GET /api/manager': { kind: 'own' },
  'GET /api/user/drafts': { kind: 'own' },
  'GET /api/user/working-order': { kind: 'own' },
  'PATCH /api/user/drafts/{id}': { kind: 'own' },
  'DELETE /api/user/drafts/{id}': { kind: 'own' },
  'POST /api/user/drafts/remove': { kind: 'own' },

  'GET /api/managers': { kind: 'company', action: 'member', request: (ctx) => ({ method: 'GET', url: `/api/managers?partnerId=${ctx.partner}` }) },
  'GET /api/content/catalog/products': { kind: 'company', action: 'prices.view', request: (ctx) => ({ method: 'GET', url: `/api/content/catalog/products?PARTNER=${ctx.partner}` }) },
  'GET /api/product/prices': { kind: 'company', action: 'prices.view', request: (ctx) => ({ method: 'GET', url: `/api/product/prices?IDS=1&PARTNER=${ctx.partner}` }) },
  'POST /api/order/add': { kind: 'company', action: 'orders.place', request: (ctx) => ({ method: 'POST', url: '/api/order/add', payload: orderBody(ctx) }) },
  'POST /api/order/{id}/edit': {
    kind: 'company',
    action: 'orders.place',
    request: (ctx) => ({ method: 'POST', url: `/api/order/${ctx.order}/edit`, payload: { ...orderBody(ctx), partner_id: DEMO_PARTNERS.SPECSNAB } }),
  },
  'GET /api/user/order/{id}': { kind: 'company', action: 'orders.view', request: (ctx) => ({ method: 'GET', url: `/api/user/order/${ctx.order}` }) },
  'GET /api/orders/history': { kind: 'company', action: 'orders.view', request: (ctx) => ({ method: 'GET', url: `/api/orders/history?company=${ctx.partner}` }) },
  'GET /api/orders/{id}': { kind: 'company', action: 'orders.view', request: (ctx) => ({ method: 'GET', url: `/api/orders/${ctx.order}` }) },
  'GET /api/orders/{id}/documents/{documentId}': { kind: 'company', action: 'documents.view', request: (ctx) => ({ method: 'GET', url: `/api/orders/${ctx.order}/documents/999999` }) },
  'GET /api/companies/{uid}/audit': { kind: 'company', action: 'audit.view', request: (ctx) => ({ method: 'GET', url: `/api/companies/${ctx.partner}/audit` }) },
  'GET /api/companies/{uid}/audit/export': { kind: 'company', action: 'audit.view', request: (ctx) => ({ method: 'GET', url: `/api/companies/${ctx.partner}/audit/export?format=csv` }) },
  'GET /api/order/{id}/documents': { kind: 'company', action: 'documents.view', request: (ctx) => ({ method: 'GET', url: `/api/order/${ctx.order}/documents` }) },
  'POST /api/user/request/check/{id}': { kind: 'company', action: 'documents.view', request: (ctx) => ({ method: 'POST', url: `/api/user/request/check/${ctx.order}`, payload: { guid: 'no-such-check' } }) },
  'GET /api/order/print': { kind: 'company', action: 'documents.view', request: (ctx) => ({ method: 'GET', url: `/api/order/print?id=${ctx.order}&name=invoice` }) },
  'GET /api/order/{id}/certificates': { kind: 'company', action: 'documents.view', request: (ctx) => ({ method: 'GET', url: `/api/order/${ctx.order}/certificates` }) },
  'POST /api/services/proposal/add': { kind: 'company', action: 'proposals.manage', request: (ctx) => ({ method: 'POST', url: '/api/services/proposal/add', payload: proposal(ctx) }) },
  'GET /api/services/proposal/vat': { kind: 'company', action: 'proposals.manage', request: (ctx) => ({ method: 'GET', url: `/api/services/proposal/vat?executorUID=${ctx.partner}&date=2026-03-14` }) },
  'POST /api/user/shipments/add': {
    kind: 'company',
    action: 'shipments.request',
    request: (ctx) => form('/api/user/shipments/add', { order: String(ctx.order), address: 'Москва, ул. Тверская, 7', date: dayFromToday(3), comment: '' }),
  },
  'POST /api/user/claims/add': { kind: 'company', action: 'claims.file', request: (ctx) => form('/api/user/claims/add', { partner_guid: ctx.partner, case: '1', message: 'Проверка прав' }) },
  'POST /api/user/drafts': {
    kind: 'company',
    action: 'orders.place',
    request: async (ctx) => ({ method: 'POST', url: '/api/user/drafts', payload: { ...(await blankOrder(ctx)), id: Date.now() + Math.floor(Math.random() * 1000), name: 'Матрица' } }),
  },
  'PUT /api/user/working-order': {
    kind: 'company',
    action: 'orders.place',
    request: async (ctx) => ({ method: 'PUT', url: '/api/user/working-order', payload: { revision: 0, order: await blankOrder(ctx) } }),
  },
  'GET /api/partners/{uid}/team': { kind: 'company', action: 'team.manage', request: (ctx) => ({ method: 'GET', url: team(ctx) }) },
  'POST /api/partners/{uid}/team/invite': {
    kind: 'company',
    action: 'team.manage',
    request: (ctx) => ({ method: 'POST', url: `${team(ctx)}/invite`, payload: { email: `matrix-${Date.now()}-${Math.random().toString(36).slice(2)}@example.ru`, name: 'Матрица', role: 'accountant' } }),
  },
  'PATCH /api/partners/{uid}/team/{userId}': { kind: 'company', action: 'team.manage', request: (ctx) => ({ method: 'PATCH', url: `${team(ctx)}/${ctx.member}`, payload: { role: 'accountant' } }) },
  'DELETE /api/partners/{uid}/team/{userId}': { kind: 'company', action: 'team.manage', request: (ctx) => ({ method: 'DELETE', url: `${team(ctx)}/${ctx.member}` }) },
  'PUT /api/partners/{uid}/team/settings': { kind: 'company', action: 'team.manage', request: (ctx) => ({ method: 'PUT', url: `${team(ctx)}/settings`, payload: { approvalOverCredit: false } }) },

  'GET /api/user/delivery': { kind: 'anywhere', action: 'shipments.request', request: () => ({ method: 'GET', url: '/api/user/delivery' }) },
  'POST /api/user/delivery/add': { kind: 'anywhere', action: 'shipments.request', request: () => ({ method: 'POST', url: '/api/user/delivery/add', payload: { label: `Москва, ул. Матрицы, ${Math.floor(Math.random() * 1e6)}` } }) },
  'POST /api/user/delivery/update': { kind: 'anywhere', action: 'shipments.request', request: () => ({ method: 'POST', url: '/api/user/delivery/update', payload: { index: 999, label: 'Москва, ул. Нет, 1' } }) },
  'POST /api/user/delivery/delete': { kind: 'anywhere', action: 'shipments.request', request: () => ({ method: 'POST', url: '/api/user/delivery/delete', payload: { index: 999 } }) },
  'GET /api/services/proposal/org/{inn}': { kind: 'anywhere', action: 'proposals.manage', request: () => ({ method: 'GET', url: '/api/services/proposal/org/7707083893' }) },

  'GET /api/orders': { kind: 'list', action: 'orders.view', request: () => ({ method: 'GET', url: '/api/orders' }) },
  'GET /api/user/shipments': { kind: 'list', action: 'shipments.request', request: () => ({ method: 'GET', url: '/api/user/shipments' }) },
  'GET /api/user/shipments/orders': { kind: 'list', action: 'shipments.request', request: () => ({ method: 'GET', url: '/api/user/shipments/orders' }) },
  'GET /api/user/claims': { kind: 'list', action: 'claims.file', request: () => ({ method: 'GET', url: '/api/user/claims' }) },
};
for (const name of ['products', 'offers', 'stock', 'catalog-groups', 'price-types', 'managers', 'partners', 'users', 'checks', 'documents', 'order-files', 'product-files', 'shipments', 'claims', 'messages', 'news', 'cases']) {
  RULES[`POST /api/integration/${name}`] = { kind: 'key' };
}
for (const kind of ['logo', 'banner']) {
  RULES[`GET /api/services/proposal/${kind}/list`] = { kind: 'anywhere', action: 'proposals.manage', request: () => ({ method: 'GET', url: `/api/services/proposal/${kind}/list` }) };
  RULES[`POST /api/services/proposal/${kind}/add`] = { kind: 'anywhere', action: 'proposals.manage', request: () => form(`/api/services/proposal/${kind}/add`, {}) };
  RULES[`POST /api/services/proposal/${kind}/delete`] = { kind: 'anywhere', action: 'proposals.manage', request: () => ({ method: 'POST', url: `/api/services/proposal/${kind}/delete`, payload: { id: 999_999 } }) };
  RULES[`GET /api/services/proposal/${kind}/{id}/image`] = { kind: 'anywhere', action: 'proposals.manage', request: () => ({ method: 'GET', url: `/api/services/proposal/${kind}/999999/image` }) };
}

/** A working order of the wire with no lines, for the company of the context. */
async function blankOrder(ctx: Context) {
  const answer = await t.app.inject({ method: 'GET', url: '/api/user/working-order', headers: sessions.admin });
  return { ...answer.json().response.order, partner_id: ctx.partner };
}

let operations: string[];
/** The statuses each operation declares in the OpenAPI document. */
let declared: Record<string, string[]>;
/** Statuses seen that the operation does not declare: each test ends with none. */
const undeclared: string[] = [];
let contexts: Record<Side, Omit<Context, 'member'> & { members: Record<'admin' | 'other', number> }>;

beforeAll(async () => {
  t = await createTestApp();
  const document = t.app.swagger() as { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> };
  const entries = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => [`${method.toUpperCase()} ${path}`, Object.keys(operation.responses ?? {})] as const),
  );
  operations = entries.map(([operation]) => operation);
  declared = Object.fromEntries(entries);
  for (const role of COMPANY_ROLES) sessions[role] = await signInAs(t.app, PEOPLE[role]);
  const product = await insertProduct(t.app.db, { offers: [{ characteristic: '48', residue: 50 }] });
  const orderOf = async (uid: string) => {
    const [row] = await t.app.db.select({ id: orders.id }).from(orders).innerJoin(partners, eq(partners.id, orders.partnerId)).where(eq(partners.uid, uid)).limit(1);
    return row!.id;
  };
  const userId = async (login: string) => (await t.app.db.select({ id: users.id }).from(users).where(eq(users.login, login)))[0]!.id;
  contexts = {
    own: { side: 'own', partner: DEMO_PARTNERS.SPECSNAB, order: await orderOf(DEMO_PARTNERS.SPECSNAB), product, members: { admin: 999_999, other: await userId('accountant') } },
    other: { side: 'other', partner: DEMO_PARTNERS.TECHNOSHIELD, order: await orderOf(DEMO_PARTNERS.TECHNOSHIELD), product, members: { admin: await userId('demo2'), other: await userId('demo2') } },
  };
});
afterAll(() => t?.close());

/** The status of `operation`'s request sent by `role` on `side`, noted when the operation does not declare it. */
async function statusOf(operation: string, rule: Extract<Rule, { request: Request }>, role: CompanyRole, side: Side) {
  const { members, ...rest } = contexts[side];
  const ctx: Context = { ...rest, member: role === 'admin' ? members.admin : members.other };
  const request = await rule.request(ctx);
  const response = await t.app.inject({ ...request, headers: { ...(request.headers as object), ...sessions[role] } });
  const message = response.headers['content-type']?.toString().includes('json') ? ((response.json() as { error?: { message?: string } | null }).error?.message ?? '') : '';
  if (!declared[operation]?.includes(String(response.statusCode))) undeclared.push(`${operation} as ${role} (${side}): ${response.statusCode}`);
  return { status: response.statusCode, message };
}

describe('the permission matrix', () => {
  it('has a rule for every operation of the OpenAPI document, and none for an operation that is gone', () => {
    expect(operations.length).toBeGreaterThan(60);
    expect(operations.filter((operation) => !RULES[operation])).toEqual([]);
    expect(Object.keys(RULES).filter((operation) => !operations.includes(operation))).toEqual([]);
  });

  it("lets each role do in its own company exactly what the domain's table allows, and refuses with the reason", async () => {
    const table: string[] = [];
    for (const [operation, rule] of Object.entries(RULES)) {
      if (rule.kind !== 'company') continue;
      for (const role of COMPANY_ROLES) {
        const { status, message } = await statusOf(operation, rule, role, 'own');
        const allowed = rule.action === 'member' || roleMay(role, rule.action);
        const seen = allowed ? (status === 403 || status === 401 || status >= 500 ? `refused ${status}: ${message}` : 'allowed') : status === 403 && /не позволяет/.test(message) ? 'refused' : `${status}: ${message}`;
        table.push(`${operation} as ${role}: ${seen}`);
      }
    }
    const expected = Object.entries(RULES).flatMap(([operation, rule]) =>
      rule.kind !== 'company' ? [] : COMPANY_ROLES.map((role) => `${operation} as ${role}: ${rule.action === 'member' || roleMay(role, rule.action) ? 'allowed' : 'refused'}`),
    );
    expect(table).toEqual(expected);
    expect(undeclared.splice(0)).toEqual([]);
  });

  it("refuses every role in another dealer's company (403)", async () => {
    const table: string[] = [];
    for (const [operation, rule] of Object.entries(RULES)) {
      if (rule.kind !== 'company') continue;
      for (const role of COMPANY_ROLES) table.push(`${operation} as ${role}: ${(await statusOf(operation, rule, role, 'other')).status}`);
    }
    expect(table).toEqual(Object.entries(RULES).flatMap(([operation, rule]) => (rule.kind !== 'company' ? [] : COMPANY_ROLES.map((role) => `${operation} as ${role}: 403`))));
    expect(undeclared.splice(0)).toEqual([]);
  });

  it("refuses the user's own things behind an action to a role that has it in none of their companies", async () => {
    const table: string[] = [];
    for (const [operation, rule] of Object.entries(RULES)) {
      if (rule.kind !== 'anywhere') continue;
      for (const role of COMPANY_ROLES) {
        const { status } = await statusOf(operation, rule, role, 'own');
        table.push(`${operation} as ${role}: ${status === 403 ? 'refused' : status === 401 || status >= 500 ? status : 'allowed'}`);
      }
    }
    expect(table).toEqual(
      Object.entries(RULES).flatMap(([operation, rule]) =>
        rule.kind !== 'anywhere' ? [] : COMPANY_ROLES.map((role) => `${operation} as ${role}: ${roleMay(role, rule.action) ? 'allowed' : 'refused'}`),
      ),
    );
    expect(undeclared.splice(0)).toEqual([]);
  });

  it('answers lists across companies to every role, keeping only the companies where the role allows the action', async () => {
    for (const [operation, rule] of Object.entries(RULES)) {
      if (rule.kind !== 'list') continue;
      for (const role of COMPANY_ROLES) {
        const request = await rule.request({ ...contexts.own, member: 0 });
        const response = await t.app.inject({ ...request, headers: sessions[role] });
        expect(response.statusCode, `${operation} as ${role}`).toBe(200);
        expect(declared[operation], operation).toContain('200');
        const rows = response.json().response as Array<{ partner_guid?: string }>;
        if (!roleMay(role, rule.action)) expect(rows, `${operation} as ${role}`).toEqual([]);
        expect(rows.every((row) => row.partner_guid !== DEMO_PARTNERS.TECHNOSHIELD), `${operation} as ${role}`).toBe(true);
      }
    }
  });
});

/**
 * The demo order history: orders of demo's two companies and of demo2's company, placed through the orders service
 * (so prices, discounts, the stock split, totals and checks follow the server's own rules and stock is taken like for
 * any order), then given the back office's check statuses and document flags and dated before a fixed base date.
 * Products are picked from the seeded catalogue by article prefix, size and stock, so the picks follow the catalogue.
 * Idempotent by the orders' idempotency keys; an order found undated (an interrupted seed) is finished, not repeated.
 */
import { CHECK_STATUS, ZOrderPayloadSchema, type TDocStatus, type TOrderPayload } from '@portal/contracts';
import {
  ORDER_DOCUMENT_FLAGS,
  ORDER_DOCUMENT_KINDS,
  ORDER_DOCUMENT_NAMES,
  ORGANISATION,
  ORGANISATION_NAMES,
  formatPrice,
  moscowDateAfter,
  type OrderDocumentKind,
} from '@portal/domain';
import { and, asc, eq, inArray, like } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { FileStorage } from '../lib/storage';
import { renderDocument } from '../modules/documents';
import {
  ORDER_DOCUMENT_RENDERER,
  checksOf,
  dateTimeline,
  findOrderByKey,
  orderLinesOf,
  quoteOrder,
  returnStock,
  submitOrder,
  updateCheck,
  updateOrder,
} from '../modules/orders';
import { offers, orders, partners, products, users } from '../db/schema';
import { DEMO_PARTNERS } from './people';
import { asTheErp, sendBatches } from './erp';
import { seededGuid } from './random';
import { silenceOrderMail } from '../modules/mail';
import { markOrdersTakenByOneC } from '../modules/exchange-1c';

/** Seeded orders are dated back from this moment (Moscow 14.02.2026), never from "now". */
const BASE_DATE = Date.UTC(2026, 1, 14, 6, 0);
const DAY = 86_400_000;

type Org = (typeof ORGANISATION)[keyof typeof ORGANISATION];
type Docs = Partial<Omit<TDocStatus, 'id'>>;

/**
 * How a line's offer is chosen: `in` — enough stock for the whole quantity; `short` — some stock but less than asked
 * (the rest goes to pre-order); `none` — no stock (all pre-order); `placeholder` — a product without offers, ordered
 * through its «Только под заказ» line.
 */
interface LineSpec {
  prefix: string;
  org: Org;
  stock: 'in' | 'short' | 'none' | 'placeholder';
  /** One quantity per size, from one product (sizes in the catalogue's order). */
  quantities: number[];
  /** The size the (single) line must have. */
  size?: string;
}

interface CheckState {
  status: number;
  docs?: Docs;
}

export interface SeededOrderSpec {
  /** Stable code: the idempotency key is `seed-order-<code>`, logistics finds the order by it. */
  code: string;
  login: 'demo' | 'demo2';
  partner: string;
  daysBefore: number;
  name?: string;
  comment?: string;
  delivery: { case: 'pickup' | 'delivery' | 'other'; address?: string; cost?: number; afterDays?: number };
  bags?: { wear?: number; wear_pre?: number; shoes?: number; shoes_pre?: number };
  lines: LineSpec[];
  /** What the back office has done with each organisation's check since; absent = as placed. */
  checks?: Partial<Record<Org, CheckState>>;
}

const PODOLSK = '142100, Московская обл, г Подольск, ул Комсомольская, д 1, склад 3';
const TVERSKAYA = '125009, г Москва, ул Тверская, д 7, оф 12';
const NEVSKY = '191025, г Санкт-Петербург, Невский пр-кт, д 28';

const SHIPPED_WITH_UPD: CheckState = { status: CHECK_STATUS.SHIPPED, docs: { StatusSchet: true, StatusSF: true, StatusUPD: true } };
const { FRO, ES } = ORGANISATION;

/** In placing order (oldest first), so order numbers grow with the dates. */
export const SEEDED_ORDERS: readonly SeededOrderSpec[] = [
  {
    code: 'petrov-boots', login: 'demo', partner: DEMO_PARTNERS.PETROV, daysBefore: 68,
    comment: 'Для магазина на Невском, витрина.',
    delivery: { case: 'delivery', address: NEVSKY, afterDays: 6 },
    lines: [
      { prefix: 'БЗМ', org: ES, stock: 'in', quantities: [2], size: '45' },
      { prefix: 'РКВ', org: ES, stock: 'in', quantities: [20] },
    ],
    checks: { [ES]: SHIPPED_WITH_UPD },
  },
  {
    code: 'specsnab-jackets', login: 'demo', partner: DEMO_PARTNERS.SPECSNAB, daysBefore: 33,
    name: 'Куртки для бригады монтажников',
    delivery: { case: 'delivery', address: PODOLSK, afterDays: 8 },
    bags: { wear: 2 },
    lines: [{ prefix: 'КРТ', org: FRO, stock: 'in', quantities: [10, 10] }],
    checks: { [FRO]: SHIPPED_WITH_UPD },
  },
  {
    code: 'petrov-robes', login: 'demo', partner: DEMO_PARTNERS.PETROV, daysBefore: 25,
    delivery: { case: 'other', address: NEVSKY, cost: 1850, afterDays: 7 },
    comment: 'Транспортная компания «ПЭК», до терминала на Софийской.',
    lines: [
      { prefix: 'ХЛТ', org: FRO, stock: 'in', quantities: [6, 4] },
      { prefix: 'СПГ', org: ES, stock: 'in', quantities: [5] },
    ],
    checks: { [FRO]: SHIPPED_WITH_UPD, [ES]: { status: CHECK_STATUS.SHIPPED, docs: { StatusSchet: true, StatusUPD: true } } },
  },
  {
    code: 'technoshield-signal', login: 'demo2', partner: DEMO_PARTNERS.TECHNOSHIELD, daysBefore: 23,
    name: 'Склад Екатеринбург',
    delivery: { case: 'pickup' },
    lines: [
      { prefix: 'КСГ', org: FRO, stock: 'in', quantities: [8, 8, 4] },
      { prefix: 'РСП', org: FRO, stock: 'in', quantities: [30] },
    ],
    checks: { [FRO]: SHIPPED_WITH_UPD },
  },
  {
    code: 'specsnab-boots', login: 'demo', partner: DEMO_PARTNERS.SPECSNAB, daysBefore: 18,
    comment: 'Упаковать обувь по размерам, на коробках — номер заказа.',
    delivery: { case: 'delivery', address: TVERSKAYA, afterDays: 7 },
    bags: { wear: 1, shoes: 2 },
    lines: [
      { prefix: 'БТК', org: ES, stock: 'in', quantities: [12], size: '43' },
      { prefix: 'ЖЛТ', org: FRO, stock: 'in', quantities: [15, 15] },
    ],
    checks: {
      [ES]: { status: CHECK_STATUS.SHIPPED, docs: { StatusSchet: true, StatusSF: true, StatusUPD: true, StatusUPK: true } },
      [FRO]: SHIPPED_WITH_UPD,
    },
  },
  {
    code: 'technoshield-boots', login: 'demo2', partner: DEMO_PARTNERS.TECHNOSHIELD, daysBefore: 8,
    comment: 'Отменяем: заказчик перенёс объект на осень.',
    delivery: { case: 'pickup' },
    lines: [{ prefix: 'СПГ', org: ES, stock: 'in', quantities: [10] }],
    checks: { [ES]: { status: CHECK_STATUS.CANCELLED } },
  },
  {
    code: 'specsnab-summer', login: 'demo', partner: DEMO_PARTNERS.SPECSNAB, daysBefore: 5,
    name: 'Объект Подольск, летний сезон',
    delivery: { case: 'delivery', address: PODOLSK, afterDays: 8 },
    lines: [
      { prefix: 'КСТ', org: FRO, stock: 'in', quantities: [12, 12, 6] },
      { prefix: 'КСК', org: FRO, stock: 'in', quantities: [25] },
    ],
    checks: { [FRO]: { status: CHECK_STATUS.ASSEMBLING, docs: { StatusSchet: true } } },
  },
  {
    code: 'petrov-glasses', login: 'demo', partner: DEMO_PARTNERS.PETROV, daysBefore: 3,
    delivery: { case: 'pickup' },
    lines: [
      { prefix: 'ОЧК', org: FRO, stock: 'in', quantities: [20] },
      { prefix: 'КЗМ', org: FRO, stock: 'placeholder', quantities: [3] },
    ],
    checks: { [FRO]: { status: CHECK_STATUS.BILLED, docs: { StatusSchet: true } } },
  },
  {
    code: 'specsnab-winter', login: 'demo', partner: DEMO_PARTNERS.SPECSNAB, daysBefore: 2,
    comment: 'Зимние костюмы — к ноябрю, остальное как можно раньше.',
    delivery: { case: 'delivery', address: PODOLSK },
    lines: [
      { prefix: 'КЗМ', org: FRO, stock: 'in', quantities: [4] },
      { prefix: 'КЗМ', org: FRO, stock: 'short', quantities: [40] },
      { prefix: 'ПЕР', org: ES, stock: 'none', quantities: [100] },
    ],
  },
];

export const seedOrderKey = (code: string) => `seed-order-${code}`;

/** When the order at this index of SEEDED_ORDERS was placed (a few minutes apart within a day, for a stable order). */
export function seededOrderDate(index: number): Date {
  return new Date(BASE_DATE - SEEDED_ORDERS[index]!.daysBefore * DAY + index * 37 * 60_000);
}

export async function seedOrders(db: Db, storage: FileStorage, log: (message: string) => void = () => {}): Promise<void> {
  const userIds = new Map((await db.select({ id: users.id, login: users.login }).from(users)).map((u) => [u.login, u.id]));
  const used = new Set<number>();
  for (const [index, spec] of SEEDED_ORDERS.entries()) {
    const userId = userIds.get(spec.login);
    if (userId === undefined) continue;
    const key = seedOrderKey(spec.code);
    let orderId = (await findOrderByKey(db, userId, key))?.id;
    const createdAt = seededOrderDate(index);
    if (orderId === undefined) {
      const payload = await buildPayload(db, spec, used);
      if (!payload) {
        log(`order ${spec.code} skipped: the catalogue has no products for it`);
        continue;
      }
      // Placed at the prices the server quotes, as a dealer confirming them would.
      const priced = await quoteOrder(db, userId, ZOrderPayloadSchema.parse(payload));
      orderId = (await submitOrder(db, userId, priced, { key })).id;
    } else {
      const [placed] = await db.select({ createdAt: orders.createdAt }).from(orders).where(eq(orders.id, orderId));
      if (placed?.createdAt.getTime() === createdAt.getTime()) continue;
    }
    await backOfficeState(db, storage, orderId, spec, createdAt);
  }
}

/** The check's guid the back office gives a seeded order's check of this organisation. */
const seededCheckGuid = (orderId: number, orgGuid: string) => seededGuid(0x0c4ec4, orderId * 4 + (orgGuid === ES ? 1 : 0));

/**
 * The document files the back office sends for the seeded order's checks, one per document flag its spec sets, as
 * the ERP's /api/integration/order-files items: drawn on the document thread, base64 PDF.
 */
async function seedDocumentFiles(db: Db, orderId: number, spec: SeededOrderSpec, createdAt: Date) {
  const [partner] = await db.select({ name: partners.name }).from(partners).where(eq(partners.uid, spec.partner));
  const checks = await checksOf(db, [orderId]);
  const documents = [];
  for (const check of checks) {
    const docs = spec.checks?.[check.orgGuid as Org]?.docs ?? {};
    const kinds = ORDER_DOCUMENT_KINDS.filter((kind: OrderDocumentKind) => docs[ORDER_DOCUMENT_FLAGS[kind]] === true);
    for (const [index, kind] of kinds.entries()) {
      const number = `${orderId % 1000}-${index + 1}`;
      const issuedOn = moscowDateAfter(createdAt.getTime(), index + 1);
      const bytes = await renderDocument(ORDER_DOCUMENT_RENDERER, {
        title: ORDER_DOCUMENT_NAMES[kind],
        number,
        issuedOn,
        order: orderId,
        seller: ORGANISATION_NAMES[check.orgGuid as Org] ?? check.orgGuid,
        buyer: partner?.name ?? spec.partner,
        amount: formatPrice(check.total),
      });
      documents.push({ order: orderId, guid: seededCheckGuid(orderId, check.orgGuid), kind, number, date: issuedOn, content: bytes.toString('base64') });
    }
  }
  return documents;
}

/**
 * The back office's part. Its check statuses and document flags are written as they stand (the ERP's /checks and
 * /documents would mail and notify the dealer about a history that is no news), then its document files go through
 * the ERP's /order-files: their flags are on already, so they announce nothing. Dating the order comes last and marks
 * it finished; a seed interrupted before that does the part again, which changes nothing the first pass did.
 */
async function backOfficeState(db: Db, storage: FileStorage, orderId: number, spec: SeededOrderSpec, createdAt: Date): Promise<void> {
  await db.transaction(async (tx) => {
    // The demo's history is no news: its orders mail nobody, and 1C's first query does not hand them out (the back
    // office has them already, as it has the orders placed before the exchange existed).
    await silenceOrderMail(tx, orderId);
    await markOrdersTakenByOneC(tx, [orderId]);
    const checks = await checksOf(tx, [orderId]);
    for (const check of checks) {
      const guid = seededCheckGuid(orderId, check.orgGuid);
      const state = spec.checks?.[check.orgGuid as Org];
      const docs = { StatusSchet: false, StatusSF: false, StatusUPD: false, StatusUPK: false, ...state?.docs };
      await updateCheck(tx, check.id, {
        guid,
        status: state?.status ?? check.status,
        docStatus: { id: guid, ...docs },
        billRequestedAt: docs.StatusSchet ? new Date(createdAt.getTime() + DAY / 2) : null,
      });
    }
    const cancelled = checks.length > 0 && checks.every((check) => spec.checks?.[check.orgGuid as Org]?.status === CHECK_STATUS.CANCELLED);
    // Cancelled by the back office (not by a pass before this one): the stock it held is back on sale.
    if (cancelled && checks.some((check) => check.status !== CHECK_STATUS.CANCELLED)) {
      const held = (await orderLinesOf(tx, [orderId]))
        .filter(({ line }) => line.offerId !== null && !line.presale)
        .map(({ line }) => [line.offerId!, line.quantity] as const);
      await returnStock(tx, held);
    }
  });
  const documents = await seedDocumentFiles(db, orderId, spec, createdAt);
  if (documents.length > 0) await asTheErp(db, storage, (app) => sendBatches(app, 'order-files', documents));
  await db.transaction(async (tx) => {
    const [order] = await tx.select({ delivery: orders.delivery }).from(orders).where(eq(orders.id, orderId));
    const afterDays = spec.delivery.afterDays;
    const date = afterDays === undefined ? '' : moscowDateAfter(createdAt.getTime(), afterDays);
    await updateOrder(tx, orderId, { createdAt, updatedAt: createdAt, delivery: { ...(order?.delivery as object), date } });
    // The back office's changes happened over the days after the order, not at the seed's run.
    await dateTimeline(tx, orderId, createdAt, DAY / 2);
  });
}

async function buildPayload(db: Db, spec: SeededOrderSpec, used: Set<number>): Promise<TOrderPayload | undefined> {
  const [partner] = await db.select({ id: partners.id }).from(partners).where(eq(partners.uid, spec.partner));
  if (!partner) return undefined;
  const position: TOrderPayload['position'] = [];
  for (const line of spec.lines) {
    const picked = await pickLine(db, line, used);
    if (!picked) return undefined;
    used.add(picked.productId);
    position.push({
      guid: picked.productUid,
      // Prices are left to the server: seedOrders places the order at the prices it quotes.
      characteristics: picked.lines.map(({ guid, quantity }) => ({ guid, orgguid: line.org, quantity })),
    });
  }
  return {
    partner_id: spec.partner,
    name: spec.name,
    comment: spec.comment ?? '',
    delivery: { case: spec.delivery.case, address: spec.delivery.address ?? '', cost: spec.delivery.cost ?? 0, date: '', bill_to: '' },
    bags: { wear: 0, wear_pre: 0, shoes: 0, shoes_pre: 0, ...spec.bags },
    position,
    position_presail: [],
  };
}

/** How many of a kind's first products are considered: enough for every pick, bounded for a huge catalogue. */
const CANDIDATES = 80;

async function pickLine(db: Db, spec: LineSpec, used: Set<number>) {
  const candidates = await db
    .select({ id: products.id, uid: products.uid })
    .from(products)
    .where(and(like(products.article, `${spec.prefix}%`), eq(products.status, '')))
    .orderBy(asc(products.id))
    .limit(CANDIDATES);
  const ids = candidates.filter((product) => !used.has(product.id)).map((product) => product.id);
  if (ids.length === 0) return undefined;
  const rows = await db
    .select({ productId: offers.productId, guid: offers.guid, characteristic: offers.characteristic, residue: offers.residue, orgGuid: offers.orgGuid })
    .from(offers)
    .where(inArray(offers.productId, ids))
    .orderBy(asc(offers.productId), asc(offers.id));
  for (const product of candidates) {
    if (used.has(product.id)) continue;
    const own = rows.filter((offer) => offer.productId === product.id);
    if (spec.stock === 'placeholder') {
      if (own.length === 0) return { productId: product.id, productUid: product.uid, lines: [{ guid: product.uid, quantity: spec.quantities[0]! }] };
      continue;
    }
    const fits = (residue: number, quantity: number) =>
      spec.stock === 'in' ? residue >= quantity : spec.stock === 'short' ? residue > 0 && residue < quantity : residue === 0;
    const sizes = own.filter((offer) => offer.orgGuid === spec.org && (spec.size === undefined || offer.characteristic === spec.size));
    if (sizes.length < spec.quantities.length) continue;
    // The sizes in the catalogue's order, each with enough (or, for pre-order, too little) stock.
    const chosen = spec.quantities.map((quantity, i) => ({ offer: sizes[i]!, quantity }));
    if (chosen.every(({ offer, quantity }) => fits(offer.residue, quantity))) {
      return { productId: product.id, productUid: product.uid, lines: chosen.map(({ offer, quantity }) => ({ guid: offer.guid, quantity })) };
    }
  }
  return undefined;
}

/** A seeded order's number, or undefined when it was not seeded (a catalogue too small for it). */
export async function seededOrderId(db: Db, code: string): Promise<number | undefined> {
  const spec = SEEDED_ORDERS.find((candidate) => candidate.code === code);
  if (!spec) throw new Error(`No seeded order ${code}`);
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(users.login, spec.login), eq(orders.idempotencyKey, seedOrderKey(code))));
  return row?.id;
}

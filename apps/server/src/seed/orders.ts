/**
 * The demo order history: orders of demo's two companies and of demo2's company, placed through the orders service
 * as of days before a fixed base date (so prices, discounts, the stock split, totals and checks follow the server's
 * own rules and stock is taken like for any order), then given the back office's check statuses, document files and
 * the stock a cancellation gives back through the ERP's batches, each as of the half-day it happened — a history,
 * which mails and notifies nobody. Products are picked as a dealer's order form finds them (the product search), from
 * the seeded catalogue's products of a kind, by size and stock, so the picks follow the catalogue.
 * Idempotent: an order already placed (found in its user's list by company and moment) is not placed again, and what
 * its back office has done already is not done again.
 */
import { CHECK_STATUS, ZOrderPayloadSchema, type TOrderDetail, type TOrderPayload } from '@portal/contracts';
import {
  ORDER_DOCUMENT_FLAGS,
  ORDER_DOCUMENT_KINDS,
  ORDER_DOCUMENT_NAMES,
  ORGANISATION,
  ORGANISATION_NAMES,
  SEARCH_OPTION,
  firstWorkingDayFrom,
  formatPrice,
  moscowDateAfter,
  type DocStatusFlag,
} from '@portal/domain';
import type { Db } from '../db/client';
import { AppError } from '../lib/errors';
import type { FileStorage } from '../lib/storage';
import { renderDocument } from '../modules/documents';
import { markOrdersTakenByOneC } from '../modules/exchange-1c';
import { silenceOrderMail } from '../modules/mail';
import { ORDER_DOCUMENT_RENDERER, listOrders, orderDetail, quoteOrder, submitOrder } from '../modules/orders';
import { searchProducts } from '../modules/products';
import { seededProductUids } from './catalog';
import { asTheErp, sendBatches } from './erp';
import { DEMO_PARTNERS, demoPartnerName, demoUserIds } from './people';

/** Seeded orders are dated back from this moment (Moscow 14.02.2026), never from "now". */
const BASE_DATE = Date.UTC(2026, 1, 14, 6, 0);
const DAY = 86_400_000;

type Org = (typeof ORGANISATION)[keyof typeof ORGANISATION];
type Docs = Partial<Record<DocStatusFlag, boolean>>;

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

/** The back office's changes to a seeded order come half a day apart, one after another, from its placing on. */
const BACK_OFFICE_STEP = DAY / 2;

/** Places the demo orders not placed yet (their back office comes later: seedBackOffice). */
export async function seedOrders(db: Db, storage: FileStorage, productCount: number, log: (message: string) => void = () => {}): Promise<void> {
  const userIds = await demoUserIds(db);
  const used = new Set<string>();
  for (const [index, spec] of SEEDED_ORDERS.entries()) {
    const userId = userIds.get(spec.login);
    if (userId === undefined) continue;
    const placedAt = seededOrderDate(index);
    let orderId = await placedOrderId(db, userId, spec, placedAt);
    if (orderId === undefined) {
      const payload = await buildPayload(db, spec, used, productCount, placedAt);
      if (!payload) {
        log(`order ${spec.code} skipped: the catalogue has no products for it`);
        continue;
      }
      // Placed at the prices the server quotes, as a dealer confirming them would, on the day of the history.
      const priced = await quoteOrder(db, userId, ZOrderPayloadSchema.parse(payload), placedAt);
      orderId = (await submitOrder(db, userId, priced, { key: seedOrderKey(spec.code), placedAt })).id;
    }
    await db.transaction(async (tx) => {
      // The demo's history is no news: its orders mail nobody, and 1C's first query does not hand them out (the back
      // office has them already, as it has the orders placed before the exchange existed).
      await silenceOrderMail(tx, orderId);
      await markOrdersTakenByOneC(tx, [orderId]);
    });
  }
}

/** The back office's part of every demo order placed (after demo's shipment requests: seed/index.ts). */
export async function seedBackOffice(db: Db, storage: FileStorage): Promise<void> {
  const userIds = await demoUserIds(db);
  for (const [index, spec] of SEEDED_ORDERS.entries()) {
    const userId = userIds.get(spec.login);
    if (userId === undefined) continue;
    const placedAt = seededOrderDate(index);
    const orderId = await placedOrderId(db, userId, spec, placedAt);
    if (orderId !== undefined) await playBackOffice(db, storage, await orderDetail(db, userId, orderId), spec, placedAt);
  }
}

/** The seeded order already placed: the one of its company placed at its moment, in its user's list of orders. */
async function placedOrderId(db: Db, userId: number, spec: SeededOrderSpec, placedAt: Date): Promise<number | undefined> {
  const seconds = Math.floor(placedAt.getTime() / 1000);
  return (await listOrders(db, userId)).find((order) => order.partner_guid === spec.partner && order.date === seconds)?.n;
}

/**
 * The back office's part, as the ERP sends it: each check's status (/checks), then its document files (/order-files,
 * which turn the documents' flags on), each change half a day after the one before; a cancellation gives the stock
 * the order held back (/stock). What is already as the spec says is not sent again.
 */
async function playBackOffice(db: Db, storage: FileStorage, order: TOrderDetail, spec: SeededOrderSpec, placedAt: Date): Promise<void> {
  let changes = 0;
  const nextChange = () => ({ asOf: new Date(placedAt.getTime() + ++changes * BACK_OFFICE_STEP) });
  let cancelled = false;
  await asTheErp(db, storage, async (app) => {
    for (const check of order.checks) {
      const state = spec.checks?.[check.org as Org];
      if (!state) continue;
      if (check.status !== state.status) {
        await sendBatches(app, 'checks', [{ order: order.n, guid: check.guid, status: state.status }], nextChange());
        cancelled ||= state.status === CHECK_STATUS.CANCELLED;
      }
      const kinds = ORDER_DOCUMENT_KINDS.filter((kind) => state.docs?.[ORDER_DOCUMENT_FLAGS[kind]] === true);
      for (const [index, kind] of kinds.entries()) {
        if (check.doc_status[ORDER_DOCUMENT_FLAGS[kind]]) continue;
        const file = await documentFile(order, check, spec, kind, `${order.n % 1000}-${index + 1}`, moscowDateAfter(placedAt.getTime(), index + 1));
        await sendBatches(app, 'order-files', [file], nextChange());
      }
    }
    // The ERP cancelled the whole order: the stock its lines held is on sale again, as its next stock report says.
    if (cancelled && order.checks.every((check) => spec.checks?.[check.org as Org]?.status === CHECK_STATUS.CANCELLED)) {
      const held = order.position.flatMap((position) => position.characteristics.filter((line) => line.GUID !== position.guid));
      await sendBatches(app, 'stock', held.map((line) => ({ guid: line.GUID, residue: line.RESIDUE + line.count })));
    }
  });
}

/** A document file the back office sends for a check: drawn on the document thread, base64 PDF. */
async function documentFile(order: TOrderDetail, check: TOrderDetail['checks'][number], spec: SeededOrderSpec, kind: (typeof ORDER_DOCUMENT_KINDS)[number], number: string, issuedOn: string) {
  const bytes = await renderDocument(ORDER_DOCUMENT_RENDERER, {
    title: ORDER_DOCUMENT_NAMES[kind],
    number,
    issuedOn,
    order: order.n,
    seller: ORGANISATION_NAMES[check.org as Org] ?? check.org,
    buyer: demoPartnerName(spec.partner) ?? spec.partner,
    amount: formatPrice(check.total),
  });
  return { order: order.n, guid: check.guid, kind, number, date: issuedOn, content: bytes.toString('base64') };
}

async function buildPayload(db: Db, spec: SeededOrderSpec, used: Set<string>, productCount: number, placedAt: Date): Promise<TOrderPayload | undefined> {
  const position: TOrderPayload['position'] = [];
  for (const line of spec.lines) {
    const picked = await pickLine(db, line, used, productCount);
    if (!picked) return undefined;
    used.add(picked.productUid);
    position.push({
      guid: picked.productUid,
      // Prices are left to the server: seedOrders places the order at the prices it quotes.
      characteristics: picked.lines.map(({ guid, quantity }) => ({ guid, orgguid: line.org, quantity })),
    });
  }
  const afterDays = spec.delivery.afterDays;
  // The day the dealer chose: a working day, as the order form offers.
  const date = afterDays === undefined ? '' : firstWorkingDayFrom(moscowDateAfter(placedAt.getTime(), afterDays));
  return {
    partner_id: spec.partner,
    name: spec.name,
    comment: spec.comment ?? '',
    delivery: { case: spec.delivery.case, address: spec.delivery.address ?? '', cost: spec.delivery.cost ?? 0, date, bill_to: '' },
    bags: { wear: 0, wear_pre: 0, shoes: 0, shoes_pre: 0, ...spec.bags },
    position,
    position_presail: [],
  };
}

/** How many of a kind's first products on sale (no status) are considered: enough for every pick, bounded for a huge catalogue. */
const CANDIDATES = 80;

/** A product with its offers as the product search shows it by uid; undefined when the catalogue does not have it. */
async function productByUid(db: Db, uid: string) {
  try {
    return await searchProducts(db, null, { OPTION: SEARCH_OPTION.ID, QUERY: uid });
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return undefined;
    throw error;
  }
}

async function pickLine(db: Db, spec: LineSpec, used: Set<string>, productCount: number) {
  let considered = 0;
  for (const uid of seededProductUids(spec.prefix, productCount)) {
    if (considered >= CANDIDATES) break;
    const found = await productByUid(db, uid);
    if (!found || found.PRODUCT.STATUS !== '') continue;
    considered++;
    if (used.has(uid)) continue;
    const own = found.OFFERS;
    if (spec.stock === 'placeholder') {
      if (own.length === 0) return { productUid: uid, lines: [{ guid: uid, quantity: spec.quantities[0]! }] };
      continue;
    }
    const fits = (residue: number, quantity: number) =>
      spec.stock === 'in' ? residue >= quantity : spec.stock === 'short' ? residue > 0 && residue < quantity : residue === 0;
    const sizes = own.filter((offer) => offer.ORGGUID === spec.org && (spec.size === undefined || offer.CHARACTERISTIC === spec.size));
    if (sizes.length < spec.quantities.length) continue;
    // The sizes in the catalogue's order, each with enough (or, for pre-order, too little) stock.
    const chosen = spec.quantities.map((quantity, i) => ({ offer: sizes[i]!, quantity }));
    if (chosen.every(({ offer, quantity }) => fits(offer.RESIDUE, quantity))) {
      return { productUid: uid, lines: chosen.map(({ offer, quantity }) => ({ guid: offer.GUID, quantity })) };
    }
  }
  return undefined;
}

/** A seeded order's number, or undefined when it was not seeded (a catalogue too small for it). */
export async function seededOrderId(db: Db, code: string): Promise<number | undefined> {
  const index = SEEDED_ORDERS.findIndex((candidate) => candidate.code === code);
  if (index < 0) throw new Error(`No seeded order ${code}`);
  const spec = SEEDED_ORDERS[index]!;
  const userId = (await demoUserIds(db)).get(spec.login);
  return userId === undefined ? undefined : placedOrderId(db, userId, spec, seededOrderDate(index));
}

/**
 * The working order as the server keeps it: the fields of each level that `ZWorkingOrderSchema` (drafts.ts) accepts,
 * picked without zod so the browser's first load does not carry the schema. A field the server would drop is dropped
 * here too, so a device never takes its own copy for a change (working-order-wire.test.ts keeps the lists in step).
 */
import type { TWorkingOrderWire } from './drafts';
import { blankOrder } from './working-order';

export const WIRE_FIELDS = {
  order: [
    'id', 'edit', 'number', 'reserved', 'total', 'total_discount', 'total_presail', 'total_presail_discount', 'count', 'total_count',
    'total_volume', 'total_weight', 'partner_id', 'storage', 'contracts', 'position', 'position_presail', 'comment', 'delivery',
    'request_certificate', 'bags', 'name', 'date', 'replaces_approval',
  ],
  position: ['guid', 'article', 'product', 'type', 'characteristics', 'count', 'total', 'total_discount', 'status', 'weight', 'volume', 'preorder'],
  product: ['ID', 'ARTICLE', 'NAME', 'UID'],
  line: [
    'ID', 'CHARACTERISTIC', 'PRICE', 'fullprice', 'price_discount', 'count', 'RESIDUE', 'RESERVED', 'MAX_DISCOUNT', 'PPDATA', 'GUID', 'ORGGUID',
    'discount', 'add_sum',
  ],
  contract: ['organisation', 'discountPercent'],
  delivery: ['address', 'case', 'date', 'cost', 'bill_to'],
  bags: ['wear', 'wear_pre', 'shoes', 'shoes_pre'],
} as const;

function pick(value: unknown, fields: readonly string[]): Record<string, unknown> {
  const source = (value ?? {}) as Record<string, unknown>;
  return Object.fromEntries(fields.filter((field) => source[field] !== undefined).map((field) => [field, source[field]]));
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function positionWire(position: unknown) {
  const picked = pick(position, WIRE_FIELDS.position);
  return {
    ...picked,
    product: pick(picked.product, WIRE_FIELDS.product),
    characteristics: list(picked.characteristics).map((line) => pick(line, WIRE_FIELDS.line)),
  };
}

/** The order in the server's shape: missing fields filled as in the blank order, fields the server drops dropped. */
export function workingOrderWire(order: object): TWorkingOrderWire {
  const full = pick({ ...blankOrder(), ...order }, WIRE_FIELDS.order);
  return {
    ...full,
    ...(full.contracts !== undefined ? { contracts: list(full.contracts).map((contract) => pick(contract, WIRE_FIELDS.contract)) } : {}),
    position: list(full.position).map(positionWire),
    position_presail: list(full.position_presail).map(positionWire),
    delivery: pick(full.delivery, WIRE_FIELDS.delivery),
    bags: pick(full.bags, WIRE_FIELDS.bags),
  } as TWorkingOrderWire;
}

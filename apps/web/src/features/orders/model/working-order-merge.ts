/**
 * Two devices changed the working order from the same stored version: the changes merge line by line, so no line is
 * lost silently (docs/decisions.md «The working order and drafts follow the dealer»). A line changed on one device
 * only takes that change; a line changed differently on both keeps this device's quantity, unless one of them removed
 * it — then the other's change keeps the line. Every such line is reported, for the dealer to see.
 */
import { blankOrder, type CharacteristicLine, type Position, type WorkingOrder } from '@portal/contracts';
import { recalculate, type PricingContracts } from './working-order';

export interface MergeConflict {
  guid: string;
  lineGuid: string;
  /** Article and characteristic, as the dealer knows the line. */
  label: string;
  mine: number;
  theirs: number;
  kept: number;
}

export interface MergedWorkingOrder<T> {
  order: T;
  conflicts: MergeConflict[];
}

/**
 * Fields that change together: a change of any of them on this device keeps this device's group. The rejected order
 * a working order is sent instead of belongs to what the order is, with its id (both are set when it is taken back).
 */
const FIELD_GROUPS = [
  ['id', 'date', 'edit', 'number', 'reserved', 'name', 'replaces_approval'],
  ['partner_id', 'storage', 'contracts'],
  ['comment'],
  ['delivery'],
  ['request_certificate'],
  ['bags'],
] as const;

interface HeldLine {
  position: Position;
  line: CharacteristicLine;
  quantity: number;
}

const keyOf = (guid: string, lineGuid: string) => `${guid}\u0000${lineGuid}`;

/** Units of each line of the order, stock and pre-order together, with the line as the order holds it. */
function heldLines(order: Pick<WorkingOrder, 'position' | 'position_presail'>): Map<string, HeldLine> {
  const held = new Map<string, HeldLine>();
  for (const position of [...order.position, ...order.position_presail]) {
    for (const line of position.characteristics) {
      const key = keyOf(position.guid, line.GUID);
      const known = held.get(key);
      held.set(key, { position: known?.position ?? position, line: known?.line ?? line, quantity: (known?.quantity ?? 0) + line.count });
    }
  }
  return held;
}

const fieldOf = (order: object, field: string) => (order as Record<string, unknown>)[field];
/**
 * JSON with every object's keys sorted: the same order whatever its way here (PostgreSQL's jsonb does not keep the
 * order of keys, the browser does), so two copies compare equal exactly when they hold the same values.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

/** Merges this device's order (`mine`) with the stored one (`theirs`), both changed from `base`. */
export function mergeWorkingOrders<T extends WorkingOrder & { contracts?: PricingContracts }>(
  base: WorkingOrder,
  mine: T,
  theirs: T,
  now = Date.now(),
): MergedWorkingOrder<T> {
  const merged: Record<string, unknown> = { ...(theirs as Record<string, unknown>) };
  for (const group of FIELD_GROUPS) {
    const changedHere = group.some((field) => !same(fieldOf(mine, field), fieldOf(base, field)));
    for (const field of group) merged[field] = changedHere ? fieldOf(mine, field) : fieldOf(theirs, field);
  }

  const before = heldLines(base);
  const here = heldLines(mine);
  const there = heldLines(theirs);
  const conflicts: MergeConflict[] = [];
  const kept: HeldLine[] = [];
  for (const key of new Set([...here.keys(), ...there.keys()])) {
    const b = before.get(key)?.quantity ?? 0;
    const m = here.get(key)?.quantity ?? 0;
    const t = there.get(key)?.quantity ?? 0;
    let quantity: number;
    if (m === t || t === b) quantity = m;
    else if (m === b) quantity = t;
    else {
      quantity = m === 0 ? t : m;
      const { position, line } = (here.get(key) ?? there.get(key))!;
      conflicts.push({ guid: position.guid, lineGuid: line.GUID, label: `${position.article} ${line.CHARACTERISTIC}`.trim(), mine: m, theirs: t, kept: quantity });
    }
    if (quantity > 0) kept.push({ ...(here.get(key) ?? there.get(key))!, quantity });
  }

  const contracts = (merged.contracts as PricingContracts | undefined) ?? [];
  if (kept.length === 0) {
    const blank = blankOrder();
    return {
      order: { ...(merged as T), ...blank, partner_id: merged.partner_id, storage: merged.storage, contracts: merged.contracts, comment: merged.comment, delivery: merged.delivery, bags: merged.bags, request_certificate: merged.request_certificate } as T,
      conflicts,
    };
  }
  // Every line goes to the stock list with its whole quantity; the domain splits it against stock again.
  const byPosition = new Map<string, Position>();
  for (const { position, line, quantity } of kept) {
    const into = byPosition.get(position.guid) ?? { ...position, characteristics: [] };
    into.characteristics = [...into.characteristics, { ...line, count: quantity }];
    byPosition.set(position.guid, into);
  }
  const started = (merged.id as number) ? {} : { id: now, date: now };
  const order = recalculate({ ...(merged as T), ...started, position: [...byPosition.values()], position_presail: [] }, contracts);
  return { order, conflicts };
}

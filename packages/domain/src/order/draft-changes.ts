/**
 * What changed since lines were saved (a draft, a proposal made from a draft): which lines' prices or stock are not
 * what the dealer saw, and which are no longer sold. Used when a draft becomes the working order and when a proposal
 * is made from one, so both say the same.
 */
import { formatPrice } from '../format';
import { fromKopecks } from '../money';

export interface SavedLine {
  offerGuid: string;
  /** «КСТ105А (42)» (price-order.ts lineLabel). */
  label: string;
  /** The unit price the dealer saw then. */
  priceKopecks: number;
  /** The stock then; undefined when stock does not matter (a proposal). */
  stock?: number;
}

export interface TodaysLine {
  priceKopecks: number;
  stock: number;
}

export interface SavedLineChange {
  offerGuid: string;
  label: string;
  kind: 'price' | 'stock' | 'gone';
  message: string;
}

/** The changes between the saved lines and today's (keyed by offer guid); each offer is reported once. */
export function savedLineChanges(saved: readonly SavedLine[], today: ReadonlyMap<string, TodaysLine>): SavedLineChange[] {
  const changes: SavedLineChange[] = [];
  const seen = new Set<string>();
  for (const line of saved) {
    if (seen.has(line.offerGuid)) continue;
    seen.add(line.offerGuid);
    const now = today.get(line.offerGuid);
    const base = { offerGuid: line.offerGuid, label: line.label };
    if (!now) {
      changes.push({ ...base, kind: 'gone', message: `${line.label}: товар больше не продаётся — строка убрана.` });
      continue;
    }
    if (now.priceKopecks !== line.priceKopecks) {
      const before = formatPrice(fromKopecks(line.priceKopecks));
      changes.push({ ...base, kind: 'price', message: `${line.label}: цена изменилась с ${before} на ${formatPrice(fromKopecks(now.priceKopecks))}.` });
    }
    if (line.stock !== undefined && now.stock !== line.stock) {
      changes.push({ ...base, kind: 'stock', message: `${line.label}: остаток изменился с ${line.stock} до ${now.stock} шт.` });
    }
  }
  return changes;
}

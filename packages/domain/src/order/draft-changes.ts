/** When a saved draft is used: which lines' prices or stock changed since it was saved (spec: the draft warns). */
import { formatPrice } from '../format';
import type { Position } from './types';

export interface FreshLine {
  fullprice: number;
  PRICE: number;
  RESIDUE: number;
}

export interface DraftChange {
  article: string;
  characteristic: string;
  kind: 'price' | 'stock' | 'gone';
  message: string;
}

/** Lists the changes between the draft's lines and the fresh ones (keyed by characteristic GUID). */
export function draftChanges(positions: readonly Position[], fresh: ReadonlyMap<string, FreshLine>): DraftChange[] {
  const changes: DraftChange[] = [];
  const seen = new Set<string>();
  for (const item of positions) {
    for (const line of item.characteristics) {
      if (seen.has(line.GUID)) continue;
      seen.add(line.GUID);
      const label = line.CHARACTERISTIC ? `${item.article} (${line.CHARACTERISTIC})` : item.article;
      const now = fresh.get(line.GUID);
      const base = { article: item.article, characteristic: line.CHARACTERISTIC };
      if (!now) {
        changes.push({ ...base, kind: 'gone', message: `${label}: товар больше не продаётся — строка убрана.` });
        continue;
      }
      if (Math.round(now.PRICE * 100) !== Math.round(line.PRICE * 100)) {
        changes.push({ ...base, kind: 'price', message: `${label}: цена изменилась с ${formatPrice(line.PRICE)} на ${formatPrice(now.PRICE)}.` });
      }
      if (now.RESIDUE !== line.RESIDUE) {
        changes.push({ ...base, kind: 'stock', message: `${label}: остаток изменился с ${line.RESIDUE} до ${now.RESIDUE} шт.` });
      }
    }
  }
  return changes;
}

/**
 * The lines of an order a claim can name: one per offer (characteristic) with the quantity ordered, available and
 * pre-order parts together (both can arrive faulty). Reads the order detail loosely: a field it lacks is left empty.
 */
import type { TOrderDetail } from '@portal/contracts';

export interface OrderClaimLine {
  guid: string;
  article: string;
  name: string;
  characteristic: string;
  ordered: number;
}

type LoosePosition = {
  article?: string;
  product?: { ARTICLE?: string; NAME?: string };
  characteristics?: Array<{ GUID?: string; CHARACTERISTIC?: string; count?: number }>;
};

export function orderClaimLines(detail: Pick<TOrderDetail, 'position' | 'position_presail'> | null | undefined): OrderClaimLine[] {
  const positions = [...((detail?.position ?? []) as LoosePosition[]), ...((detail?.position_presail ?? []) as LoosePosition[])];
  const lines = new Map<string, OrderClaimLine>();
  for (const position of positions) {
    for (const characteristic of position.characteristics ?? []) {
      const count = Number(characteristic.count ?? 0);
      if (!characteristic.GUID || !(count > 0)) continue;
      const existing = lines.get(characteristic.GUID);
      if (existing) {
        existing.ordered += count;
        continue;
      }
      lines.set(characteristic.GUID, {
        guid: characteristic.GUID,
        article: position.product?.ARTICLE ?? position.article ?? '',
        name: position.product?.NAME ?? '',
        characteristic: characteristic.CHARACTERISTIC ?? '',
        ordered: count,
      });
    }
  }
  return [...lines.values()];
}

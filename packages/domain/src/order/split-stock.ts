/**
 * Spec §4: after each change the stock is split. The part of a line above its stock (RESIDUE) goes to the pre-sale
 * list; lines without stock leave the normal list; positions with anything above stock are marked pre-order.
 */
import type { CharacteristicLine, Position } from './types';

export interface StockSplit {
  position: Position[];
  position_presail: Position[];
}

/** Units of a line that stock covers. */
export function availableUnits(count: number, residue: number): number {
  return Math.max(0, Math.min(count, Math.max(0, Math.floor(residue))));
}

const collator = new Intl.Collator('ru', { numeric: true, sensitivity: 'base' });
const byArticle = (a: Position, b: Position) => collator.compare(a.article, b.article) || (a.guid < b.guid ? -1 : a.guid > b.guid ? 1 : 0);
const bySize = (a: CharacteristicLine, b: CharacteristicLine) =>
  collator.compare(a.CHARACTERISTIC, b.CHARACTERISTIC) || (a.GUID < b.GUID ? -1 : a.GUID > b.GUID ? 1 : 0);

/**
 * Splits asked quantities (one list, merged) into the normal and pre-sale lists. Empty lines are dropped. Positions
 * come sorted by article and lines by characteristic (sizes in numeric order), so a re-split never reorders a list.
 */
export function splitStock(asked: readonly Position[]): StockSplit {
  const position: Position[] = [];
  const position_presail: Position[] = [];
  for (const item of [...asked].sort(byArticle)) {
    const normalLines: CharacteristicLine[] = [];
    const presaleLines: CharacteristicLine[] = [];
    for (const line of [...item.characteristics].sort(bySize)) {
      if (line.count <= 0) continue;
      const normal = availableUnits(line.count, line.RESIDUE);
      const presale = line.count - normal;
      if (normal > 0) normalLines.push({ ...line, count: normal, RESERVED: normal });
      if (presale > 0) presaleLines.push({ ...line, count: presale, RESERVED: 0 });
    }
    const preorder = presaleLines.length > 0;
    if (normalLines.length > 0) position.push({ ...item, characteristics: normalLines, preorder });
    if (presaleLines.length > 0) position_presail.push({ ...item, characteristics: presaleLines, preorder });
  }
  return { position, position_presail };
}

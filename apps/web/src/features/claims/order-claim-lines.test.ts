import type { TOrderDetail } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { orderClaimLines } from './order-claim-lines';

const position = (article: string, lines: Array<[guid: string, characteristic: string, count: number]>) =>
  ({
    guid: `p-${article}`,
    article,
    product: { ID: '1', ARTICLE: article, NAME: `Ботинки ${article}`, UID: `u-${article}` },
    characteristics: lines.map(([GUID, CHARACTERISTIC, count]) => ({ GUID, CHARACTERISTIC, count })),
  }) as unknown as TOrderDetail['position'][number];

describe('orderClaimLines', () => {
  it('gives one line per offer with the quantity ordered, available and pre-order parts added up', () => {
    const lines = orderClaimLines({
      position: [position('БТ-410', [['o1', '43', 4], ['o2', '44', 0]])],
      position_presail: [position('БТ-410', [['o1', '43', 2]]), position('КМ-220', [['o3', '52', 1]])],
    });
    expect(lines).toEqual([
      { guid: 'o1', article: 'БТ-410', name: 'Ботинки БТ-410', characteristic: '43', ordered: 6 },
      { guid: 'o3', article: 'КМ-220', name: 'Ботинки КМ-220', characteristic: '52', ordered: 1 },
    ]);
  });

  it('answers no lines for a missing detail', () => {
    expect(orderClaimLines(undefined)).toEqual([]);
    expect(orderClaimLines({ position: [], position_presail: [] })).toEqual([]);
  });
});

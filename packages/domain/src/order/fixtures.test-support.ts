// Plain-object fixtures and fast-check arbitraries for the order rule tests.
import fc from 'fast-check';
import type { CharacteristicLine, Position } from './types';

export function line(GUID: string, count: number, RESIDUE: number, fullprice = 100, discount = 0, ORGGUID = 'org'): CharacteristicLine {
  const PRICE = Math.round(fullprice * (100 - discount)) / 100;
  return {
    ID: GUID,
    CHARACTERISTIC: GUID,
    PRICE,
    fullprice,
    price_discount: Math.round((fullprice - PRICE) * 100) / 100,
    count,
    RESIDUE,
    MAX_DISCOUNT: 0,
    PPDATA: '',
    GUID,
    ORGGUID,
    discount,
  };
}

export function position(guid: string, lines: CharacteristicLine[], extra: Partial<Position> = {}): Position {
  return {
    guid,
    article: `ART-${guid}`,
    product: { ID: guid, ARTICLE: `ART-${guid}`, NAME: `Товар ${guid}`, UID: guid },
    type: 'wear',
    characteristics: lines,
    count: 0,
    total: 0,
    total_discount: 0,
    ...extra,
  };
}

const guidArb = fc.constantFrom('a', 'b', 'c', 'd');
const lineGuidArb = fc.constantFrom('s1', 's2', 's3');

export const lineArb = fc
  .record({
    GUID: lineGuidArb,
    count: fc.integer({ min: 0, max: 50 }),
    RESIDUE: fc.integer({ min: 0, max: 30 }),
    fullprice: fc.integer({ min: 1, max: 10_000_000 }).map((k) => k / 100),
    discount: fc.integer({ min: 0, max: 5000 }).map((bp) => bp / 100),
  })
  .map((r) => line(r.GUID, r.count, r.RESIDUE, r.fullprice, r.discount));

export const positionArb = fc
  .record({
    guid: guidArb,
    lines: fc.uniqueArray(lineArb, { selector: (l) => l.GUID, maxLength: 3 }),
    weight: fc.integer({ min: 0, max: 5000 }).map((g) => g / 1000),
    volume: fc.integer({ min: 0, max: 5000 }).map((v) => v / 10000),
  })
  .map((r) => position(r.guid, r.lines, { weight: r.weight, volume: r.volume }));

/** Positions for the working order's tests: a product `guid` with the given lines, totals left to the pricing. */
import type { CharacteristicLine, Position } from '@portal/contracts';

export function position(guid: string, lines: CharacteristicLine[], extra: Partial<Position> = {}): Position {
  return {
    guid,
    article: `ART-${guid}`,
    product: { ID: `id-${guid}`, ARTICLE: `ART-${guid}`, NAME: `Товар ${guid}`, UID: guid },
    type: 'wear',
    characteristics: lines,
    count: 0,
    total: 0,
    total_discount: 0,
    ...extra,
  };
}

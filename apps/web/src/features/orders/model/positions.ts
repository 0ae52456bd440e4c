/** Positions built from the catalogue's search result, priced with the domain's discount rule for the chosen company. */
import type { TOffer, TProductSearchResult, TStorage } from '@portal/contracts';
import { ORGANISATION, linePrice, lineDiscount, type CharacteristicLine, type Position } from '@portal/domain';

/** The offers to choose from; a product without offers has one «Только под заказ» line (GUID = product UID). */
export function offersOf(result: TProductSearchResult): TOffer[] {
  if (result.OFFERS.length > 0) return result.OFFERS;
  return [
    {
      ID: 0,
      CHARACTERISTIC: 'Только под заказ',
      RESIDUE: 0,
      PRICE: result.PRODUCT.PRICE_OPT,
      PPDATA: '',
      GUID: result.PRODUCT.UID,
      ORGGUID: ORGANISATION.FRO,
    },
  ];
}

export function lineFor(result: TProductSearchResult, offer: TOffer, count: number, contracts: readonly TStorage[]): CharacteristicLine {
  const discount = lineDiscount({
    status: result.PRODUCT.STATUS,
    maxDiscount: result.PRODUCT.MAX_DISCOUNT,
    orgGuid: offer.ORGGUID,
    contracts,
  });
  const price = linePrice(offer.PRICE, discount);
  return {
    ID: String(offer.ID || offer.GUID),
    CHARACTERISTIC: offer.CHARACTERISTIC,
    PRICE: price.PRICE,
    fullprice: price.fullprice,
    price_discount: price.price_discount,
    count,
    RESIDUE: offer.RESIDUE,
    MAX_DISCOUNT: result.PRODUCT.MAX_DISCOUNT,
    PPDATA: offer.PPDATA,
    GUID: offer.GUID,
    ORGGUID: offer.ORGGUID,
    discount: price.discount,
  };
}

export function positionFor(
  result: TProductSearchResult,
  counts: ReadonlyMap<string, number>,
  contracts: readonly TStorage[],
): Position | null {
  const lines = offersOf(result)
    .filter((offer) => (counts.get(offer.GUID) ?? 0) > 0)
    .map((offer) => lineFor(result, offer, counts.get(offer.GUID)!, contracts));
  if (lines.length === 0) return null;
  const product = result.PRODUCT;
  return {
    guid: product.UID,
    article: product.ARTICLE,
    product: { ID: String(product.ID), ARTICLE: product.ARTICLE, NAME: product.NAME, UID: product.UID },
    type: product.TYPE,
    status: product.STATUS,
    weight: product.WEIGHT,
    volume: product.VALUME,
    characteristics: lines,
    count: 0,
    total: 0,
    total_discount: 0,
  };
}

/** Re-prices every line's discount for another company's contracts (the full price stays; the server has the last word). */
export function repriceForContracts(positions: readonly Position[], contracts: readonly TStorage[]): Position[] {
  return positions.map((position) => ({
    ...position,
    characteristics: position.characteristics.map((line) => {
      const discount = lineDiscount({ status: position.status ?? '', maxDiscount: line.MAX_DISCOUNT, orgGuid: line.ORGGUID, contracts });
      return { ...line, ...linePrice(line.fullprice, discount) };
    }),
  }));
}

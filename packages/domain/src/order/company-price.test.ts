import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NO_DISCOUNT_STATUSES, ORGANISATION, PRICE_TYPE } from '../constants';
import {
  companyPrice,
  fullPriceKopecks,
  placeholderDiscountPercent,
  pricingCatalogue,
  productNetKopecks,
  type CatalogueOffer,
  type CatalogueProduct,
  type PricingContract,
} from './company-price';
import { discountedKopecks } from './money';
import { priceLine, priceOrder } from './price-order';

const product = (values: Partial<CatalogueProduct> = {}): CatalogueProduct => ({
  uid: 'p1',
  article: 'КСТ105А',
  name: 'Костюм',
  kind: 'wear',
  status: '',
  maxDiscountPercent: 0,
  weightKg: 1,
  volumeM3: 0.01,
  listKopecks: 100_000,
  dealerKopecks: 60_000,
  ...values,
});

describe('companyPrice', () => {
  // The worked example: ЭС at dealer prices, ФРО at base prices. A product without offers is sold by ФРО (its
  // placeholder), so it is priced at base (800), not at the first contract's dealer price (600), and so charged.
  const contracts: PricingContract[] = [
    { organisation: ORGANISATION.ES, priceType: PRICE_TYPE.DEALER, discountPercent: 12 },
    { organisation: ORGANISATION.FRO, priceType: PRICE_TYPE.BASE, discountPercent: 0 },
  ];

  it('prices a product without offers by its placeholder’s contract (ФРО), as its order line is charged', () => {
    const noOffers = product({ listKopecks: 100_000, dealerKopecks: 60_000 });
    const shown = companyPrice(noOffers, undefined, contracts);
    expect(shown).toEqual({ listKopecks: 100_000, fullPriceKopecks: 80_000, discountPercent: 0, priceKopecks: 80_000 });
    const order = priceOrder({ lines: [{ productUid: 'p1', offerGuid: 'p1', quantity: 1 }], delivery: { method: 'pickup', costKopecks: 0 } }, pricingCatalogue([noOffers], [], contracts));
    expect(order.lines[0]!.priceKopecks).toBe(shown.priceKopecks);
  });

  it('«Ваша цена» is after the contract discount of the offer’s organisation: 2 059.90 less 12 % is 1 812.71', () => {
    const suit = product({ listKopecks: 300_000, dealerKopecks: 205_990 });
    const esOffer = { organisation: ORGANISATION.ES, dealerKopecks: 205_990 };
    expect(companyPrice(suit, esOffer, contracts)).toEqual({ listKopecks: 300_000, fullPriceKopecks: 205_990, discountPercent: 12, priceKopecks: 181_271 });
    expect(companyPrice({ ...suit, status: 'Outlet' }, esOffer, contracts).priceKopecks).toBe(205_990);
    expect(companyPrice({ ...suit, maxDiscountPercent: 5 }, esOffer, contracts)).toMatchObject({ discountPercent: 5, priceKopecks: 195_690 });
  });

  const organisation = fc.constantFrom(ORGANISATION.FRO, ORGANISATION.ES);
  const contract = fc.record({
    organisation,
    priceType: fc.constantFrom(PRICE_TYPE.DEFAULT, PRICE_TYPE.DEALER, PRICE_TYPE.BASE, 'unknown-type'),
    discountPercent: fc.integer({ min: 0, max: 4000 }).map((hundredths) => hundredths / 100),
  });
  // A company: no contract, one, or one per organisation (unique by organisation, first contract first).
  const company = fc.uniqueArray(contract, { maxLength: 2, selector: (candidate) => candidate.organisation });
  const generatedProduct = fc.record({
    status: fc.constantFrom('', '', ...NO_DISCOUNT_STATUSES),
    maxDiscountPercent: fc.constantFrom(0, 0, 3, 7.5, 50),
    dealerKopecks: fc.integer({ min: 1, max: 10_000_000 }),
    markupKopecks: fc.integer({ min: 0, max: 5_000_000 }),
  });
  const sizes = fc.array(fc.record({ organisation, surchargeKopecks: fc.integer({ min: 0, max: 100_000 }), stock: fc.integer({ min: 0, max: 5 }) }), { maxLength: 3 });

  it('for generated companies and products, the price shown is the price an order line is charged, to the kopeck', () => {
    fc.assert(
      fc.property(company, generatedProduct, sizes, fc.integer({ min: 1, max: 9 }), (contracts, spec, sizeSpecs, quantity) => {
        const priced = product({ ...spec, listKopecks: spec.dealerKopecks + spec.markupKopecks });
        const offers: CatalogueOffer[] = sizeSpecs.map((size, index) => ({
          guid: `o${index}`,
          productUid: priced.uid,
          characteristic: String(44 + 2 * index),
          stock: size.stock,
          supplyNote: '',
          organisation: size.organisation,
          dealerKopecks: priced.dealerKopecks + size.surchargeKopecks,
        }));
        const catalogue = pricingCatalogue([priced], offers, contracts);
        // The placeholder when there are no sizes, else each size.
        const asked = offers.length === 0 ? [{ guid: priced.uid, offer: undefined }] : offers.map((offer) => ({ guid: offer.guid, offer }));
        const order = priceOrder(
          { lines: asked.map((line) => ({ productUid: priced.uid, offerGuid: line.guid, quantity })), delivery: { method: 'pickup', costKopecks: 0 } },
          catalogue,
        );
        for (const line of asked) {
          const shown = companyPrice(priced, line.offer, contracts);
          const charged = order.lines.find((candidate) => candidate.offer.guid === line.guid)!;
          expect(charged.priceKopecks).toBe(shown.priceKopecks);
          expect(charged.fullPriceKopecks).toBe(shown.fullPriceKopecks);
          // The web reprices from the full price the server sent and the contracts' discounts alone: the same kopecks.
          const web = priceLine(charged.product, { ...charged.offer, fullPriceKopecks: shown.fullPriceKopecks }, contracts.map(({ organisation: org, discountPercent }) => ({ organisation: org, discountPercent })));
          expect(web.priceKopecks).toBe(shown.priceKopecks);
          // The discount: none for the statuses without one, never above MAX_DISCOUNT, that of the offer's own contract.
          const own = contracts.find((candidate) => candidate.organisation === (line.offer?.organisation ?? ORGANISATION.FRO));
          const expected = (NO_DISCOUNT_STATUSES as readonly string[]).includes(spec.status)
            ? 0
            : Math.min(own?.discountPercent ?? 0, spec.maxDiscountPercent > 0 ? spec.maxDiscountPercent : Infinity);
          expect(shown.discountPercent).toBe(expected);
          expect(shown.priceKopecks).toBe(discountedKopecks(shown.fullPriceKopecks, expected));
          expect(shown.listKopecks).toBe(priced.listKopecks + (line.offer ? line.offer.dealerKopecks - priced.dealerKopecks : 0));
        }
      }),
    );
  });

  it('a product’s own price is its placeholder’s, whichever contract comes first', () => {
    fc.assert(
      fc.property(company, generatedProduct, (contracts, spec) => {
        const priced = product({ ...spec, listKopecks: spec.dealerKopecks + spec.markupKopecks });
        const reversed = [...contracts].reverse();
        const fro = contracts.some((candidate) => candidate.organisation === ORGANISATION.FRO);
        if (fro) expect(fullPriceKopecks(priced, undefined, reversed)).toBe(fullPriceKopecks(priced, undefined, contracts));
        expect(fullPriceKopecks(priced, undefined, contracts)).toBe(
          fullPriceKopecks(priced, { organisation: ORGANISATION.FRO, dealerKopecks: priced.dealerKopecks }, contracts),
        );
      }),
    );
  });

  it('the catalogue index’s «Ваша цена» from a product’s full price is companyPrice’s, for any company', () => {
    fc.assert(
      fc.property(company, generatedProduct, (contracts, spec) => {
        const priced = product({ ...spec, listKopecks: spec.dealerKopecks + spec.markupKopecks });
        const shown = companyPrice(priced, undefined, contracts);
        expect(productNetKopecks(shown.fullPriceKopecks, priced, placeholderDiscountPercent(contracts))).toBe(shown.priceKopecks);
      }),
    );
  });
});

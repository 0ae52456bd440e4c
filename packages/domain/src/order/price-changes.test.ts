import { describe, expect, it } from 'vitest';
import type { OrderLine, OrderProduct } from './order-model';
import { linesAtSentPrices, priceChanges } from './price-changes';

const line = (extra: Partial<OrderLine> = {}, product: Partial<OrderProduct> = {}): OrderLine => ({
  product: { uid: 'p', article: 'КСТ105', name: 'Костюм', kind: 'wear', status: '', maxDiscountPercent: 0, weightKg: 0, volumeM3: 0, ...product },
  offer: { guid: 'o42', productUid: 'p', organisation: 'fro', characteristic: '42', stock: 5, fullPriceKopecks: 150_000, supplyNote: '' },
  quantity: 2,
  inStock: 2,
  preorder: 0,
  fullPriceKopecks: 150_000,
  discountPercent: 12,
  priceKopecks: 132_000,
  ...extra,
});
const contracts = [{ organisation: 'fro', discountPercent: 12 }];
const sent = (priceKopecks: number, fullPriceKopecks = 150_000, discountPercent = 12) => ({ offerGuid: 'o42', priceKopecks, fullPriceKopecks, discountPercent });

describe('priceChanges', () => {
  it('reports nothing when every sent price is the charged one, to the kopeck', () => {
    expect(priceChanges([sent(132_000)], [line()], { contracts })).toEqual([]);
  });

  it('reports a line one kopeck off, once, with the price as charged', () => {
    const [change, ...more] = priceChanges([sent(131_999), sent(131_999)], [line()], { contracts });
    expect(more).toEqual([]);
    expect(change).toMatchObject({ sent: { priceKopecks: 131_999 }, line: { priceKopecks: 132_000 }, reason: 'price' });
  });

  it('names another price type when the sent full price is another type’s', () => {
    const priceTypesOf = (_line: OrderLine, full: number) => (full === 210_000 ? { sent: 'Розничная', company: 'Дилерская' } : undefined);
    const [byType] = priceChanges([sent(184_800, 210_000)], [line()], { contracts, priceTypesOf });
    expect(byType).toMatchObject({ reason: 'price_type', explanation: 'цены по типу «Дилерская» по договору компании, а не «Розничная»' });
    const [byList] = priceChanges([sent(123_200, 140_000)], [line()], { contracts, priceTypesOf });
    expect(byList).toMatchObject({ reason: 'list_price' });
    expect(byList!.explanation).toContain('1\u202f400.00 ₽ → 1\u202f500.00 ₽');
  });

  it('tells a changed contract discount from a product’s cap and a status without discount', () => {
    expect(priceChanges([sent(135_000, 150_000, 10)], [line()], { contracts })[0]).toMatchObject({ reason: 'contract_discount', explanation: 'скидка по договору 10 % → 12 %' });
    const capped = line({ discountPercent: 5, priceKopecks: 142_500 }, { maxDiscountPercent: 5 });
    expect(priceChanges([sent(132_000)], [capped], { contracts })[0]).toMatchObject({ reason: 'max_discount', explanation: 'скидка на этот товар не больше 5 %' });
    const outlet = line({ discountPercent: 0, priceKopecks: 150_000 }, { status: 'Outlet' });
    expect(priceChanges([sent(132_000)], [outlet], { contracts })[0]).toMatchObject({ reason: 'no_discount_status' });
  });

  it('prices the lines at the sent prices for the total the client showed', () => {
    expect(linesAtSentPrices([line()], [sent(100_000), sent(1)])[0]!.priceKopecks).toBe(100_000);
    expect(linesAtSentPrices([line()], [])[0]!.priceKopecks).toBe(132_000);
  });
});

import { blankOrder, contractsOf, type Position, type TCompany } from '@portal/contracts';
import { addPositions } from './working-order';
import { ORGANISATION } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { forCompany, serverFullPrices, withFullPrices } from './reprice';

const line = (GUID: string, fullprice: number) => ({
  ID: GUID, CHARACTERISTIC: GUID, PRICE: fullprice, fullprice, price_discount: 0, count: 2, RESIDUE: 10, MAX_DISCOUNT: 0, PPDATA: '', GUID, ORGGUID: ORGANISATION.FRO, discount: 0,
});
const suit: Position = {
  guid: 'suit',
  article: 'КСТ105',
  product: { ID: '1', ARTICLE: 'КСТ105', NAME: 'Костюм', UID: 'suit' },
  type: 'wear',
  status: '',
  characteristics: [line('s48', 1000), line('s50', 1000)],
  count: 0,
  total: 0,
  total_discount: 0,
};
const company = (uid: string, discount: number) => ({ uid, storages: [{ guid: ORGANISATION.FRO, discount }] }) as unknown as TCompany;

describe('repricing the working order', () => {
  const dealer = company('dealer', 12);
  const order = { ...addPositions({ ...blankOrder(), partner_id: 'dealer' }, [suit], contractsOf(dealer.storages), 1), contracts: contractsOf(dealer.storages) };

  it('gives a switched company its discount at once and its full prices where they are known', () => {
    const base = forCompany(order, company('base', 5));
    expect(base).toMatchObject({ partner_id: 'base', storage: ORGANISATION.FRO });
    // 1500.00 for size 48 in the new company's price type; size 50 not found keeps its 1000.00.
    const repriced = withFullPrices(base, new Map([['s48', { fullPriceKopecks: 150_000, stock: 1 }]]));
    const lines = [...repriced.position, ...repriced.position_presail].flatMap((position) => position.characteristics);
    expect(lines.filter((one) => one.GUID === 's48').map((one) => [one.PRICE, one.count])).toEqual([[1425, 1], [1425, 1]]);
    expect(lines.find((one) => one.GUID === 's50')).toMatchObject({ PRICE: 950, fullprice: 1000, count: 2 });
    expect(repriced.total).toBe(2 * 1425 + 2 * 950);
  });

  it('takes the server’s full prices from the order it priced', () => {
    const fresh = serverFullPrices({ partner_id: 'dealer', position: [{ guid: 'suit', characteristics: [{ guid: 's48', quantity: 2, price: 1056, fullprice: 1200, discount: 0.12 }] }] });
    expect(withFullPrices(order, fresh).total).toBe(2 * 1056 + 2 * 880);
  });
});

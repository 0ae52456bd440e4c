/**
 * The integration module's catalogue load (importCatalogue, the demo seed's path for its catalogue): what it writes
 * is what the products kind of the integration API writes, and an item the API would refuse refuses the whole load.
 */
import { ORGANISATION } from '@portal/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offers, products } from '../../../src/db/schema';
import { ItemRefused, importBatch, importCatalogue } from '../../../src/modules/integration';
import { createTestApp, type TestApp } from '../../support/helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const item = (uid: string, article: string) => ({
  uid,
  article,
  name: 'Костюм «Проверка» летний, синий',
  type: 'wear',
  price: 3240,
  price_opt: 2399.9,
  weight: 1.1,
  volume: 0.006,
  detail_text: 'Смесовая ткань, 210 г/м².',
  status: 'Outlet',
  characteristics: [{ NAME: 'Сезон', VALUE: 'лето' }],
  max_discount: 15,
  group_code: 'odezhda-letnyaya',
  season_sale: true,
  protect: 'З Ми',
  offers: [
    { guid: `${uid}-48`, characteristic: '48', residue: 7, price: 2399.9, ppdata: '', org_guid: ORGANISATION.FRO },
    { guid: `${uid}-50`, characteristic: '50', residue: 0, price: 2519.9, ppdata: '20/01.03.2027', org_guid: ORGANISATION.ES },
  ],
});

const stored = async (uid: string) => {
  const [row] = await t.app.db.select().from(products).where(eq(products.uid, uid));
  const { id, uid: _uid, article: _article, articleKey: _key, createdAt: _created, ...product } = row!;
  const rows = await t.app.db.select().from(offers).where(eq(offers.productId, id)).orderBy(offers.id);
  return { product, offers: rows.map(({ id: _offer, productId: _product, guid, ...offer }) => ({ ...offer, size: guid.slice(uid.length) })) };
};

describe('the catalogue load', () => {
  it('writes each product and its offers as the products kind of the integration API does, keeping the day it came', async () => {
    const came = new Date('2025-10-01T09:00:00+03:00');
    await importCatalogue(t.app, [{ product: item('load-1', 'ПРВ-1'), createdAt: came }]);
    const report = await importBatch(t.app, 'products', [item('api-1', 'ПРВ-2')]);
    expect(report.applied).toBe(1);
    expect(await stored('load-1')).toEqual(await stored('api-1'));
    const [row] = await t.app.db.select({ createdAt: products.createdAt, articleKey: products.articleKey }).from(products).where(eq(products.uid, 'load-1'));
    expect(row!.createdAt.getTime()).toBe(came.getTime());
    expect(row!.articleKey).toBe('ПРВ1');
  });

  it('refuses the whole load for an article another product has, and writes nothing of it', async () => {
    const load = importCatalogue(t.app, [{ product: item('load-2', 'ПРВ-3') }, { product: item('load-3', 'ПРВ-2') }]);
    await expect(load).rejects.toThrow(ItemRefused);
    await expect(load).rejects.toThrow('Артикул ПРВ-2 уже у товара api-1: артикул должен быть уникальным.');
    expect(await t.app.db.select().from(products).where(inArray(products.uid, ['load-2', 'load-3']))).toEqual([]);
  });

  it('refuses an item the API would refuse, naming it and what to fix', async () => {
    const load = importCatalogue(t.app, [{ product: { ...item('load-4', 'ПРВ-4'), price: -1 } }]);
    await expect(load).rejects.toThrow('Товар №1 (load-4): price: не может быть отрицательным.');
    expect(await t.app.db.select().from(products).where(eq(products.uid, 'load-4'))).toEqual([]);
  });
});

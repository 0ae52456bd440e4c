/**
 * A contract's credit counts what this portal sent: after an order, GET /api/partners answers its checks as `pending`
 * on the contracts they bill, «Доступно по лимиту» drops by exactly what the order page promised would be left, and
 * once the back office ships a check or cancels it (its sum is then in the debt, or owed no more) it stops counting.
 */
import { blankOrder, contractsOf, payloadOf, type TCompany, type TProductSearchResult } from '@portal/contracts';
import { ORGANISATION, contractCredit, moscowDay, toKopecks } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positionFor } from '../../../../web/src/features/orders/model/positions';
import { addPositions } from '../../../../web/src/features/orders/model/working-order';
import { orderChecks } from '../../../src/db/schema';
import { DEMO_PARTNERS } from '../../../src/seed/people';
import { createTestApp, signInAs, type TestApp } from '../../support/helper';
import { insertProduct } from '../orders/fixtures';

let t: TestApp;
let demo: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  demo = await signInAs(t.app, 'demo');
});
afterAll(() => t.close());

async function specsnab(): Promise<TCompany> {
  const companies: TCompany[] = (await t.app.inject({ url: '/api/partners', headers: demo })).json().response;
  return companies.find((company) => company.uid === DEMO_PARTNERS.SPECSNAB)!;
}

const storageOf = (company: TCompany, organisation: string) => company.storages.find((storage) => storage.guid === organisation)!;

describe('credit exposure', () => {
  it('a sent order lowers «Доступно по лимиту» by what it bills each contract, until the back office ships or cancels it', async () => {
    const before = await specsnab();
    const today = moscowDay(Date.now());
    // One product per organisation: 3 in stock and 2 on pre-order of FRO's, 1 of ES's.
    const fro = await insertProduct(t.app.db, { priceOpt: 2000, offers: [{ characteristic: '48', residue: 3, orgGuid: ORGANISATION.FRO }] });
    const es = await insertProduct(t.app.db, { priceOpt: 750, offers: [{ characteristic: '42', residue: 5, orgGuid: ORGANISATION.ES }] });
    const positions = [];
    for (const [product, quantity] of [
      [fro, 5],
      [es, 1],
    ] as const) {
      const search = await t.app.inject({ url: '/api/product/search', query: { QUERY: product.uid, OPTION: '9', PARTNER: before.uid }, headers: demo });
      const result: TProductSearchResult = search.json().response;
      positions.push(positionFor(result, new Map([[product.offers[0]!.guid, quantity]]), before.storages)!);
    }
    const order = addPositions(
      { ...blankOrder(), partner_id: before.uid, delivery: { address: 'Москва', case: 'pickup', date: '', cost: 0, bill_to: '' } },
      positions,
      contractsOf(before.storages),
    );
    // What the order page promises: each contract's credit with the order's check on it.
    const promised = new Map(
      [ORGANISATION.FRO, ORGANISATION.ES].map((organisation) => {
        const lines = [...order.position, ...order.position_presail].flatMap((position) => position.characteristics).filter((line) => line.ORGGUID === organisation);
        const kopecks = lines.reduce((sum, line) => sum + toKopecks(line.PRICE) * line.count, 0);
        return [organisation, { kopecks, left: contractCredit(storageOf(before, organisation), kopecks, today).creditLeft }] as const;
      }),
    );
    expect(promised.get(ORGANISATION.FRO)!.kopecks).toBeGreaterThan(0);
    expect([...promised.values()].some((contract) => contract.left !== null)).toBe(true);

    const sent = await t.app.inject({ method: 'POST', url: '/api/order/add', headers: { ...demo, 'idempotency-key': `credit-${Date.now()}` }, payload: payloadOf(order) });
    expect(sent.statusCode, sent.body).toBe(200);
    const id: number = sent.json().response.id;

    const after = await specsnab();
    for (const [organisation, { kopecks, left }] of promised) {
      const storage = storageOf(after, organisation);
      expect(toKopecks(storage.pending) - toKopecks(storageOf(before, organisation).pending)).toBe(kopecks);
      const credit = contractCredit(storage, 0, today);
      if (left !== null) expect(credit.available).toBe(left);
      expect(credit.exposure).toBe(toKopecks(storage.debt) + toKopecks(storage.pending));
    }

    // The page editing this order leaves the order's own checks out (the edit replaces them), so its credit panel
    // shows the contracts as they were before it; the plain list still counts it.
    const editing = await t.app.inject({ url: '/api/partners', query: { editing: String(id) }, headers: demo });
    expect(editing.statusCode, editing.body).toBe(200);
    const whileEditing = (editing.json().response as TCompany[]).find((company) => company.uid === before.uid)!;
    for (const organisation of [ORGANISATION.FRO, ORGANISATION.ES]) {
      expect(storageOf(whileEditing, organisation).pending).toBe(storageOf(before, organisation).pending);
    }
    const badNumber = await t.app.inject({ url: '/api/partners', query: { editing: 'abc' }, headers: demo });
    expect(badNumber.statusCode).toBe(400);
    expect(badNumber.json().error.message).toMatch(/editing — номер изменяемого заказа/);

    // The back office ships FRO's check (its УПД is out: the debt it sends holds it) and cancels ES's.
    const checks = await t.app.db.select().from(orderChecks).where(eq(orderChecks.orderId, id));
    expect(checks.map((check) => check.orgGuid).sort()).toEqual([ORGANISATION.FRO, ORGANISATION.ES].sort());
    for (const check of checks) {
      const update = check.orgGuid === ORGANISATION.FRO ? { docStatus: { ...(check.docStatus as object), StatusUPD: true } } : { status: 4 };
      await t.app.db.update(orderChecks).set(update).where(eq(orderChecks.id, check.id));
    }
    const settled = await specsnab();
    for (const organisation of [ORGANISATION.FRO, ORGANISATION.ES]) {
      expect(storageOf(settled, organisation).pending).toBe(storageOf(before, organisation).pending);
    }
  });

});

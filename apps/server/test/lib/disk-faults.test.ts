/**
 * A database that refuses a write because its disk is full (SQLSTATE 53100) or read-only (25006) is answered like the
 * file storage's disk: 507 and 503 with the Russian texts, nothing half-written, and readiness reports it. The faults
 * are real errors of the engine (PGlite, or PostgreSQL when DATABASE_URL is set), raised by a trigger on the order's
 * lines — after the order's own row is written in the same transaction.
 */
import { ERROR_CODES } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawQuery } from '../../src/db/client';
import { FAULT_REPORTED_MS, DiskFaultLog, databaseDiskFault } from '../../src/lib/disk-faults';
import { createTestApp, signInAs, type TestApp } from '../support/helper';
import { orderPayload } from '../modules/operations/fixtures';
import { insertProduct, type FixtureProduct } from '../modules/orders/fixtures';

let t: TestApp;
let demo: { authorization: string };
let product: FixtureProduct;

beforeAll(async () => {
  t = await createTestApp();
  demo = await signInAs(t.app, 'demo');
  product = await insertProduct(t.app.db, { priceOpt: 1000, offers: [{ characteristic: 'XL', residue: 50 }] });
});
afterAll(() => t?.close());

async function failOrderLinesWith(sqlstate: string, message: string) {
  await t.app.db.execute(
    sql.raw(`create or replace function test_disk_fault() returns trigger language plpgsql as $$
      begin raise exception '${message}' using errcode = '${sqlstate}'; end $$`),
  );
  await t.app.db.execute(sql.raw('drop trigger if exists test_disk_fault on order_lines'));
  await t.app.db.execute(sql.raw('create trigger test_disk_fault before insert on order_lines for each row execute function test_disk_fault()'));
}

const state = async () => ({
  orders: (await rawQuery<{ n: number }>(t.app.db, 'select count(*)::int as n from orders'))[0]!.n,
  residue: (await rawQuery<{ residue: number }>(t.app.db, 'select residue from offers where guid = $1', [product.offers[0]!.guid]))[0]!.residue,
});

const placeOrder = async () => t.app.inject({ method: 'POST', url: '/api/order/add', headers: demo, payload: await orderPayload(t.app, product, 2) });

describe('the database disk refuses a write', () => {
  it('full: 507 with the storage text, no order nor stock change, readiness 503 "full"', async () => {
    expect((await t.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
    const before = await state();
    await failOrderLinesWith('53100', 'could not extend file "base/5/16512": No space left on device');

    const response = await placeOrder();

    expect(response.statusCode).toBe(507);
    expect(response.json().error).toEqual({ code: 'INSUFFICIENT_STORAGE', message: ERROR_CODES.INSUFFICIENT_STORAGE.message });
    expect(response.body).not.toMatch(/No space|extend file/);
    expect(await state()).toEqual(before);
    const ready = await t.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', disk: 'full' });
  });

  it('read-only: 503 with the storage text, nothing written', async () => {
    const before = await state();
    await failOrderLinesWith('25006', 'cannot execute INSERT in a read-only transaction');

    const response = await placeOrder();

    expect(response.statusCode).toBe(503);
    expect(response.json().error.code).toBe('UNAVAILABLE');
    expect(response.json().error.message).toMatch(/^Хранилище на сервере сейчас недоступно для записи: ничего не сохранено/);
    expect(await state()).toEqual(before);
    expect((await t.app.inject({ url: '/api/ready' })).json()).toEqual({ status: 'unavailable', disk: 'read-only' });
  });

  it('freed: the same order is placed whole', async () => {
    await t.app.db.execute(sql.raw('drop trigger test_disk_fault on order_lines'));
    const before = await state();
    const response = await placeOrder();
    expect(response.statusCode).toBe(200);
    expect(await state()).toEqual({ orders: before.orders + 1, residue: before.residue - 2 });
  });
});

describe('recognising a disk fault', () => {
  it('finds it along the causes and in an I/O error naming the file system', () => {
    expect(databaseDiskFault(new Error('Failed query', { cause: { code: '53100' } }))).toBe('full');
    expect(databaseDiskFault({ code: '58030', message: 'could not write to file "pg_wal/xlogtemp.7": Read-only file system' })).toBe('read-only');
    expect(databaseDiskFault({ code: '58030', message: 'could not write block 7: No space left on device' })).toBe('full');
    expect(databaseDiskFault({ code: '23505' })).toBeUndefined();
  });

  it('readiness forgets a fault a minute after the last one', () => {
    let now = 1_000_000;
    const log = new DiskFaultLog(() => now);
    log.noted('full');
    now += FAULT_REPORTED_MS - 1;
    expect(log.current()).toBe('full');
    now += 1;
    expect(log.current()).toBeUndefined();
  });
});

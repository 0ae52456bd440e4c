/**
 * The demo catalogue's pictures and certificates arrive as the ERP sends a product's files (/product-files): every
 * seeded product shows one picture and one certificate, each stored once under the key of its content, as the
 * products module stores any product's file, never under a path of the seed's own.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client';
import { createTestApp, type TestApp } from '../support/helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the seed's product files", () => {
  it('gives every product one picture and one certificate, stored by content and shared between products', async () => {
    const [counts] = rowsOf<{ products: number; pictured: number; certified: number; pictures: number; certificates: number }>(
      await t.app.db.execute(sql`select
        (select count(*)::int from products) as products,
        (select count(distinct product_id)::int from product_images) as pictured,
        (select count(distinct product_id)::int from certificates) as certified,
        (select count(*)::int from product_images) as pictures,
        (select count(*)::int from certificates) as certificates`),
    );
    expect(counts!.products).toBeGreaterThan(0);
    expect(counts).toMatchObject({ pictured: counts!.products, certified: counts!.products, pictures: counts!.products, certificates: counts!.products });

    const keys = rowsOf<{ key: string; kind: string }>(
      await t.app.db.execute(sql`select distinct storage_key as key, 'picture' as kind from product_images
        union select distinct storage_key, 'certificate' from certificates`),
    );
    // Shared: a few files for all the products (a picture per kind and colour, a certificate per kind).
    expect(keys.length).toBeLessThan(60);
    for (const { key, kind } of keys) {
      expect(key).toMatch(/^products\/files\/[0-9a-f]{64}$/);
      const bytes = await t.app.storage.get(key);
      expect(bytes, key).not.toBeNull();
      expect(createHash('sha256').update(bytes!).digest('hex')).toBe(key.slice('products/files/'.length));
      expect(bytes!.subarray(0, 4).toString('latin1')).toBe(kind === 'picture' ? '\x89PNG' : '%PDF');
    }
  });
});

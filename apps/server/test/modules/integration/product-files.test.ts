/**
 * The ERP's products' files (/api/integration/product-files): pictures and certificates sent once by their bytes,
 * then by their sha256, shown and served by the catalogue and the certificates routes; a list replaced only where it
 * differs; refused with a reason where a file is wrong or missing. And the set-based load the demo seed uses.
 */
import { createHash } from 'node:crypto';
import { ORGANISATION } from '@portal/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, productImages, products } from '../../../src/db/schema';
import { importProductFiles } from '../../../src/modules/integration';
import { createTestApp, signInAs, type TestApp } from '../../support/helper';

const KEY = 'integration-product-files-key-0123';

let t: TestApp;
let demo: { authorization: string };

beforeAll(async () => {
  t = await createTestApp({ INTEGRATION_API_KEY: KEY });
  demo = await signInAs(t.app, 'demo');
  const sent = await send('products', [
    product('pf-1', 'ПФ-001'),
    product('pf-2', 'ПФ-002'),
    product('pf-3', 'ПФ-003'),
  ]);
  expect(sent.json().response.applied).toBe(3);
});
afterAll(() => t.close());

const send = (kind: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/integration/${kind}`, headers: { 'x-api-key': KEY }, payload: payload as object });
const product = (uid: string, article: string) => ({
  uid,
  article,
  name: `Костюм для проверки файлов ${article}`,
  price: 1000,
  price_opt: 800,
  offers: [{ guid: `${uid}-o`, characteristic: '48', residue: 1, price: 800, org_guid: ORGANISATION.FRO }],
});

// What the catalogue checks is the file's signature: a PNG's and a PDF's first bytes, then anything.
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('picture one')]);
const OTHER_PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('picture two')]);
const PDF = Buffer.from('%PDF-1.4 certificate of conformity');
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const base64 = (bytes: Buffer) => bytes.toString('base64');

const productId = async (uid: string) => (await t.app.db.select({ id: products.id }).from(products).where(eq(products.uid, uid)))[0]!.id;
const picturesOf = async (uid: string) =>
  t.app.db.select().from(productImages).where(eq(productImages.productId, await productId(uid))).orderBy(productImages.sort);
const certificatesOf = async (article: string) => (await t.app.inject({ url: '/api/certificates', query: { article }, headers: demo })).json().response;

describe('POST /api/integration/product-files', () => {
  it("stores a product's picture and certificate, which the catalogue and the certificates serve", async () => {
    const response = await send('product-files', [
      {
        product_uid: 'pf-1',
        pictures: [{ content: base64(PNG) }],
        certificates: [{ number: 'ЕАЭС RU С-RU.ТЕСТ.00001/25', valid_until: '2030-01-14', content: base64(PDF) }],
      },
    ]);
    // Applied and changed: the report marks only a repeat (changed: false).
    expect(response.json().response.items).toEqual([{ index: 0, key: 'pf-1', status: 'applied' }]);

    const picture = await t.app.inject({ url: `/api/content/products/${await productId('pf-1')}/image` });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.rawPayload.equals(PNG)).toBe(true);

    const [certificate] = await certificatesOf('ПФ-001');
    expect(certificate).toMatchObject({ name: 'Сертификат соответствия ЕАЭС RU С-RU.ТЕСТ.00001/25', number: 'ЕАЭС RU С-RU.ТЕСТ.00001/25' });
    // Valid to the end of its last day in Moscow: stored as that day's Moscow midnight.
    const [stored] = await t.app.db.select().from(certificates).where(eq(certificates.productId, await productId('pf-1')));
    expect(stored!.validUntil!.toISOString()).toBe('2030-01-13T21:00:00.000Z');
    const file = await t.app.inject({ url: `/api/certificates/${certificate.id}/file`, headers: demo });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
  });

  it('takes a file sent before by its sha256: another product shows the same stored file', async () => {
    const response = await send('product-files', [
      { product_uid: 'pf-2', pictures: [{ sha256: sha(PNG) }], certificates: [{ number: 'Н-2', name: 'Декларация', sha256: sha(PDF) }] },
    ]);
    expect(response.json().response.applied).toBe(1);
    const [one, two] = [await picturesOf('pf-1'), await picturesOf('pf-2')];
    expect(two.map((row) => row.storageKey)).toEqual(one.map((row) => row.storageKey));
    expect(await certificatesOf('ПФ-002')).toMatchObject([{ name: 'Декларация', number: 'Н-2', validUntil: null }]);
  });

  it('sent again changes nothing; a list not sent stays, an empty list removes, a new list replaces in its order', async () => {
    const again = await send('product-files', [{ product_uid: 'pf-2', pictures: [{ sha256: sha(PNG) }], certificates: [{ number: 'Н-2', name: 'Декларация', sha256: sha(PDF) }] }]);
    expect(again.json().response.items[0]).toMatchObject({ status: 'applied', changed: false });
    const before = (await picturesOf('pf-2')).map((row) => row.id);

    const replaced = await send('product-files', [{ product_uid: 'pf-2', pictures: [{ content: base64(OTHER_PNG) }, { sha256: sha(PNG) }] }]);
    expect(replaced.json().response.items[0]).toEqual({ index: 0, key: 'pf-2', status: 'applied' });
    const after = await picturesOf('pf-2');
    expect(after.map((row) => row.sort)).toEqual([0, 1]);
    expect(after[1]!.storageKey).toBe((await picturesOf('pf-1'))[0]!.storageKey);
    expect(after.map((row) => row.id)).not.toContain(before[0]);
    expect(await certificatesOf('ПФ-002')).toHaveLength(1);

    const removed = await send('product-files', [{ product_uid: 'pf-2', pictures: [], certificates: [] }]);
    expect(removed.json().response.items[0]).toEqual({ index: 0, key: 'pf-2', status: 'applied' });
    expect(await picturesOf('pf-2')).toEqual([]);
    expect(await certificatesOf('ПФ-002')).toEqual([]);
  });

  it('refuses, saying what to fix: an unknown file, a file of the wrong kind, both or neither, an unknown product', async () => {
    const response = await send('product-files', [
      { product_uid: 'pf-3', pictures: [{ sha256: 'a'.repeat(64) }] },
      { product_uid: 'pf-3', pictures: [{ content: base64(PDF) }] },
      { product_uid: 'pf-3', certificates: [{ number: '1', content: base64(PNG) }] },
      { product_uid: 'pf-3', certificates: [{ number: '1', sha256: sha(PNG) }] },
      { product_uid: 'pf-3', pictures: [{ content: base64(PNG), sha256: sha(PNG) }] },
      { product_uid: 'pf-3', pictures: [{}] },
      { product_uid: 'нет-такого', pictures: [{ sha256: sha(PNG) }] },
    ]);
    const reasons = response.json().response.items.map((item: { status: string; reason: string }) => `${item.status}: ${item.reason}`);
    expect(reasons).toEqual([
      expect.stringMatching(/^refused: pictures\[0\]\.sha256: картинки a{64} на портале нет — передайте файл один раз в content\.$/),
      expect.stringMatching(/^refused: pictures\[0\]\.content: картинка не в формате JPEG, PNG, WebP или GIF\.$/),
      expect.stringMatching(/^refused: certificates\[0\]\.content: это не PDF/),
      expect.stringMatching(/^refused: certificates\[0\]\.sha256: сертификата [0-9a-f]{64} на портале нет/),
      expect.stringMatching(/укажите content \(файл в base64\) или sha256/),
      expect.stringMatching(/укажите content \(файл в base64\) или sha256/),
      expect.stringMatching(/^refused: Товар нет-такого не найден: сначала передайте его в \/products\.$/),
    ]);
    expect(await picturesOf('pf-3')).toEqual([]);
  });

  it('is declared in the OpenAPI document with its item schema', async () => {
    const spec = (await t.app.inject({ url: '/api/docs/json', headers: demo })).json();
    const item = spec.paths['/api/integration/product-files'].post.requestBody.content['application/json'].schema.items;
    expect(Object.keys(item.properties)).toEqual(['product_uid', 'pictures', 'certificates']);
  });
});

describe('importProductFiles (the set-based load)', () => {
  const app = () => ({ db: t.app.db, realtime: t.app.realtime, log: t.app.log, storage: t.app.storage });

  it('attaches one file to many products, stored once, and answers how many changed', async () => {
    const changed = await importProductFiles(app(), [
      { product_uid: 'pf-2', pictures: [{ content: base64(OTHER_PNG) }] },
      { product_uid: 'pf-3', pictures: [{ sha256: sha(OTHER_PNG) }], certificates: [{ number: 'Н-3', sha256: sha(PDF) }] },
    ]);
    expect(changed).toEqual({ pictures: 2, certificates: 1 });
    const rows = await t.app.db
      .select({ key: productImages.storageKey })
      .from(productImages)
      .where(inArray(productImages.productId, [await productId('pf-2'), await productId('pf-3')]));
    expect(new Set(rows.map((row) => row.key)).size).toBe(1);
    expect(await importProductFiles(app(), [{ product_uid: 'pf-3', pictures: [{ sha256: sha(OTHER_PNG) }] }])).toEqual({ pictures: 0, certificates: 0 });
  });

  it('refuses the whole load on one bad item, writing nothing', async () => {
    const load = importProductFiles(app(), [
      { product_uid: 'pf-1', pictures: [] },
      { product_uid: 'нет-такого', pictures: [{ sha256: sha(PNG) }] },
    ]);
    await expect(load).rejects.toThrow('Товар нет-такого не найден: сначала передайте его в /products.');
    expect(await picturesOf('pf-1')).toHaveLength(1);
  });
});

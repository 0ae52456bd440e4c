import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claims, partners } from '../../../src/db/schema';
import { DEMO_PARTNERS } from '../../../src/seed/people';
import { placeOrder, png, postMultipart } from '../../support/logistics-orders';
import { createTestApp, signInAs, type TestApp } from '../../support/helper';

let t: TestApp;
let demo: Record<string, string>;
let demo2: Record<string, string>;
let order: { n: number; guids: string[] };
let petrovOrder: { n: number; guids: string[] };
let demo2Order: { n: number; guids: string[] };
beforeAll(async () => {
  t = await createTestApp();
  demo = await signInAs(t.app, 'demo');
  demo2 = await signInAs(t.app, 'demo2');
  order = await placeOrder(t.app, 'demo', DEMO_PARTNERS.SPECSNAB, [['БТ-410', '43', 6], ['КМ-220', '52-54/182-188', 3]]);
  petrovOrder = await placeOrder(t.app, 'demo', DEMO_PARTNERS.PETROV, [['БТ-410', '41', 2]]);
  demo2Order = await placeOrder(t.app, 'demo2', DEMO_PARTNERS.TECHNOSHIELD, [['ПЧ-007', 'универсальный', 10]]);
});
afterAll(() => t.close());

const fileClaim = (headers: Record<string, string>, fields: Record<string, string>, files: Parameters<typeof postMultipart>[4] = []) =>
  postMultipart(t.app, '/api/user/claims/add', headers, fields, files);
const claimCount = async () => (await t.app.db.select({ id: claims.id }).from(claims)).length;

describe('claims', () => {
  it('answers 200 with an empty list when no company of the user has claims', async () => {
    const response = await t.app.inject({ url: '/api/user/claims', headers: demo2 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ error: null, response: [] });
  });

  it("lists demo's seeded claims by bitrix_id descending, each with its status history", async () => {
    const list = (await t.app.inject({ url: '/api/user/claims', headers: demo })).json().response;
    expect(list.slice(0, 3).map((c: { bitrix_id: number }) => c.bitrix_id)).toEqual([5187, 5120, 5034]);
    const approved = list.find((c: { bitrix_id: number }) => c.bitrix_id === 5120);
    expect(approved.history.map((h: { status: string }) => h.status)).toEqual(['new', 'review', 'approved']);
    expect(approved.files).toEqual([expect.objectContaining({ mime: 'image/png' })]);
    expect((await t.app.inject({ url: `/api/files/${approved.files[0].id}`, headers: demo2 })).statusCode).toBe(403);
  });

  it('files a claim about products of an order with a photo; the list shows it with its status history', async () => {
    const created = await fileClaim(
      demo,
      {
        partner_guid: DEMO_PARTNERS.SPECSNAB,
        message: 'Отклеилась подошва у двух пар после недели носки.',
        order: String(order.n),
        products: JSON.stringify([{ guid: order.guids[0], article: 'БТ-410', name: 'подменённое имя', quantity: 2 }]),
      },
      [{ name: 'подошва.png', bytes: png(), type: 'image/png' }],
    );
    expect(created.statusCode).toBe(200);
    const { id } = created.json().response;

    const list = (await t.app.inject({ url: '/api/user/claims', headers: demo })).json().response;
    const claim = list.find((c: { id: number }) => c.id === id);
    expect(claim).toMatchObject({
      bitrix_id: null,
      status: 'new',
      case: 1,
      title: `Производственный брак по заказу №${order.n}`,
      partner_guid: DEMO_PARTNERS.SPECSNAB,
      partner_name: expect.stringContaining('СпецСнаб'),
      message: 'Отклеилась подошва у двух пар после недели носки.',
      // The name comes from the order, not from what the client sent.
      products: [{ guid: order.guids[0], article: 'БТ-410', name: 'Изделие БТ-410', characteristic: '43', quantity: 2 }],
      order_detail: { n: order.n, date: expect.any(String) },
      files: [{ id: expect.any(Number), name: 'подошва.png', mime: 'image/png', size: expect.any(Number) }],
      history: [{ status: 'new', comment: expect.any(String), date: expect.any(String) }],
    });
    const file = await t.app.inject({ url: `/api/files/${claim.files[0].id}`, headers: demo });
    expect(file.statusCode).toBe(200);

    // demo2 sees nothing of it and cannot download its photo.
    const theirs = (await t.app.inject({ url: '/api/user/claims', headers: demo2 })).json().response;
    expect(theirs.map((c: { id: number }) => c.id)).not.toContain(id);
    expect((await t.app.inject({ url: `/api/files/${claim.files[0].id}`, headers: demo2 })).statusCode).toBe(403);
  });

  it('files a claim without an order, with the case and title given', async () => {
    const created = await fileClaim(demo, {
      partner_guid: DEMO_PARTNERS.PETROV,
      case: '4',
      title: 'Порваны коробки',
      message: 'При разгрузке обнаружены порванные коробки, товар намок.',
      products: '[]',
    });
    expect(created.statusCode).toBe(200);
    const claim = (await t.app.inject({ url: '/api/user/claims', headers: demo })).json().response.find((c: { id: number }) => c.id === created.json().response.id);
    expect(claim).toMatchObject({ case: 4, title: 'Порваны коробки', order_detail: null, products: [], partner_guid: DEMO_PARTNERS.PETROV });
  });

  it('refuses products that are not in the order or above the ordered quantity, naming the product', async () => {
    const before = await claimCount();
    const base = { partner_guid: DEMO_PARTNERS.SPECSNAB, message: 'Брак строчки на куртках, см. фото.', order: String(order.n) };
    const tooMany = await fileClaim(demo, { ...base, products: JSON.stringify([{ guid: order.guids[1], article: 'КМ-220', quantity: 4 }]) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toMatch(/КМ-220.*4 шт.*только 3 шт/);
    const missing = await fileClaim(demo, { ...base, products: JSON.stringify([{ article: 'НЕТ-000', quantity: 1 }]) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toMatch(/НЕТ-000.*нет в заказе/);
    const none = await fileClaim(demo, { ...base, products: '[]' });
    expect(none.statusCode).toBe(400);
    const zero = await fileClaim(demo, { ...base, products: JSON.stringify([{ guid: order.guids[1], article: 'КМ-220', quantity: 0 }]) });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().error.message).toMatch(/«КМ-220».*больше нуля/);
    const notJson = await fileClaim(demo, { ...base, products: 'КМ-220 x 2' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error.message).toMatch(/JSON/);
    const otherCompany = await fileClaim(demo, { ...base, order: String(petrovOrder.n), products: JSON.stringify([{ article: 'БТ-410', characteristic: '41', quantity: 1 }]) });
    expect(otherCompany.statusCode).toBe(400);
    expect(otherCompany.json().error.message).toMatch(/другую вашу компанию/);
    const unknownCase = await fileClaim(demo, { partner_guid: DEMO_PARTNERS.SPECSNAB, case: '9', message: 'Что-то пошло не так с поставкой.' });
    expect(unknownCase.statusCode).toBe(400);
    expect(unknownCase.json().error.message).toMatch(/Вид рекламации 9/);
    const short = await fileClaim(demo, { partner_guid: DEMO_PARTNERS.SPECSNAB, message: 'брак' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toMatch(/не меньше 10 символов/);
    expect(await claimCount()).toBe(before);
  });

  it("refuses demo2 a claim for demo's company or about demo's order", async () => {
    const forCompany = await fileClaim(demo2, { partner_guid: DEMO_PARTNERS.SPECSNAB, message: 'Попытка подать чужую рекламацию.' });
    expect(forCompany.statusCode).toBe(403);
    const aboutOrder = await fileClaim(demo2, {
      partner_guid: DEMO_PARTNERS.TECHNOSHIELD,
      message: 'Рекламация по чужому заказу, так нельзя.',
      order: String(order.n),
      products: JSON.stringify([{ guid: order.guids[0], article: 'БТ-410', quantity: 1 }]),
    });
    expect(aboutOrder.statusCode).toBe(403);
    const own = await fileClaim(demo2, {
      partner_guid: DEMO_PARTNERS.TECHNOSHIELD,
      message: 'Очки поцарапаны в заводской упаковке.',
      order: String(demo2Order.n),
      products: JSON.stringify([{ guid: demo2Order.guids[0], article: 'ПЧ-007', quantity: 10 }]),
    });
    expect(own.statusCode).toBe(200);
  });

  it('refuses a file that is too big (413) and a PDF name on a text file (415), keeping nothing', async () => {
    const before = await claimCount();
    const fields = { partner_guid: DEMO_PARTNERS.SPECSNAB, message: 'Брак молнии у курток, фото приложены.' };
    const big = await fileClaim(demo, fields, [{ name: 'фото.jpg', bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(10 * 1024 * 1024)]) }]);
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toMatch(/фото\.jpg/);
    const fake = await fileClaim(demo, fields, [{ name: 'акт.pdf', bytes: Buffer.from('<html>not a pdf</html>'), type: 'application/pdf' }]);
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error.message).toMatch(/акт\.pdf.*не подходит/);
    const tooManyFiles = await fileClaim(demo, fields, Array.from({ length: 11 }, (_, i) => ({ name: `${i}.png`, bytes: png() })));
    expect(tooManyFiles.statusCode).toBe(413);
    expect(tooManyFiles.json().error.message).toMatch(/не больше 10/);
    expect(await claimCount()).toBe(before);
  });

  it('sorts by bitrix_id descending with a missing one counted as 0', async () => {
    const [technoshield] = await t.app.db.select({ id: partners.id }).from(partners).where(eq(partners.uid, DEMO_PARTNERS.TECHNOSHIELD));
    await t.app.db.insert(claims).values(
      [5100, null, 5300, 0].map((bitrixId, i) => ({ guid: `claim-sort-${i}`, bitrixId, partnerId: technoshield!.id, title: `Сортировка ${i}`, message: 'Проверка порядка списка.' })),
    );
    const list = (await t.app.inject({ url: '/api/user/claims', headers: demo2 })).json().response;
    const keys = list.map((c: { bitrix_id: number | null }) => c.bitrix_id);
    expect(keys.slice(0, 2)).toEqual([5300, 5100]);
    // The rest count as 0: the newest first among them.
    expect(list.slice(2).map((c: { title: string }) => c.title)).toEqual(['Сортировка 3', 'Сортировка 1', expect.stringContaining('Производственный брак')]);
  });
});

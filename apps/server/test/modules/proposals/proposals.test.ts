/**
 * Commercial proposals: the PDF and Word documents priced from the database (text checked with pdftotext, the docx
 * unzipped), the INN lookup, the logo and banner library with its refusals, and that demo2 cannot touch demo's files.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ORGANISATION } from '@portal/domain';
import { unzipSync, strFromU8 } from 'fflate';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { offers, productImages, products, vatRates } from '../../../src/db/schema';
import { createTestApp, signInAs, type TestApp } from '../../support/helper';
import { pdfPageSize, pdfText } from '../../support/pdf';

const KEY = 'proposals-test-integration-key';
const SPECSNAB = 'c0a80001-0000-4000-8000-000000000001';
const TECHNOSHIELD = 'c0a80001-0000-4000-8000-000000000003';

let t: TestApp;
let demo: Record<string, string>;
let demo2: Record<string, string>;

const JACKET = { uid: 'kp-test-jacket-0000-0000-000000000001', article: 'КПТ-101', name: 'Куртка утеплённая «Полярник»' };
const BOOTS = { uid: 'kp-test-boots-00000-0000-000000000002', article: 'КПТ-202', name: 'Ботинки кожаные «Гранит»' };
const OFFER_48 = 'kp-test-offer-48';
const OFFER_52 = 'kp-test-offer-52';

function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const image = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) image.data.set([...rgb, 255], i * 4);
  return PNG.sync.write(image);
}

async function multipart(files: Array<{ field: string; name: string; bytes: Buffer; type?: string }>) {
  const form = new FormData();
  for (const file of files) form.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

async function upload(headers: Record<string, string>, kind: 'logo' | 'banner', name: string, bytes: Buffer, field = 'file') {
  const body = await multipart([{ field, name, bytes, type: 'image/png' }]);
  return t.app.inject({
    method: 'POST',
    url: `/api/services/proposal/${kind}/add`,
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** The text of a proposal PDF; KP_KEEP=<folder> also keeps each document there to look at. */
function proposalText(bytes: Buffer): string {
  if (process.env.KP_KEEP) writeFileSync(path.join(process.env.KP_KEEP, `doc-${Math.random().toString(36).slice(2)}.pdf`), bytes);
  return pdfText(bytes);
}

let logoId: number;
let bannerId: number;

function proposal(overrides: Record<string, unknown> = {}, offer: Record<string, unknown> = {}) {
  return {
    offer: {
      executor: 'что угодно — имя берётся из базы',
      executorUID: SPECSNAB,
      customer: 'ООО «Заказчик-Тест»',
      customerInn: '7736207543',
      customerKpp: '773601001',
      customerAddress: 'г. Москва, ул. Льва Толстого, д. 16',
      n: 'КП-17',
      date: '2025-03-14',
      comment: 'Срок поставки — 10 рабочих дней после оплаты.',
      position: [
        {
          guid: JACKET.uid,
          // Prices the client sends are ignored: the server prices from the database.
          characteristics: [
            { guid: OFFER_48, quantity: 2, price: 1, fullprice: 1 },
            { guid: OFFER_52, quantity: 1, price: 1, fullprice: 1 },
          ],
          markup: { kind: 'percent', value: -10, add_sum: 0 },
        },
        { guid: BOOTS.uid, characteristics: [{ guid: BOOTS.uid, quantity: 3 }], markup: { kind: 'fixed', value: 200, add_sum: 50 } },
      ],
      ...offer,
    },
    additionally: {
      delay: true,
      delayCalendarValue: null,
      delayWorkValue: 14,
      delivery: true,
      deliveryValue: 'до склада заказчика в Москве',
      pickup: false,
      pickupValue: '',
      prepayment: true,
      prepaymentValue: 30,
    },
    header: true,
    headerLogo: logoId,
    headerLogoAlign: 'right',
    headerText: 'ООО «СпецСнаб» — спецодежда и обувь\n+7 (495) 000-00-00 · sales@specsnab.example',
    banner: true,
    bannerId,
    as: 'PDF',
    portrait: true,
    ...overrides,
  };
}

const send = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/services/proposal/add', headers, payload: payload as Record<string, unknown> });

beforeAll(async () => {
  t = await createTestApp({ INTEGRATION_API_KEY: KEY });
  demo = await signInAs(t.app, 'demo');
  demo2 = await signInAs(t.app, 'demo2');
  const db = t.app.db;
  const inserted = await db
    .insert(products)
    .values([
      { ...JACKET, articleKey: 'КПТ101', nameKey: JACKET.name.toLowerCase(), price: 2400, priceOpt: 1500 },
      { ...BOOTS, type: 'shoes', articleKey: 'КПТ202', nameKey: BOOTS.name.toLowerCase(), price: 1200, priceOpt: 800 },
    ])
    .returning({ id: products.id, uid: products.uid });
  const jacketId = inserted.find((row) => row.uid === JACKET.uid)!.id;
  await db.insert(offers).values([
    { guid: OFFER_48, productId: jacketId, characteristic: '48-50/170-176', residue: 10, price: 1500, orgGuid: ORGANISATION.FRO },
    { guid: OFFER_52, productId: jacketId, characteristic: '52-54/182-188', residue: 0, price: 1600, orgGuid: ORGANISATION.FRO },
  ]);
  const pictureKey = 'products/kp-test/jacket.png';
  await t.app.storage.put(pictureKey, png(300, 300, [30, 90, 160]));
  await db.insert(productImages).values({ productId: jacketId, storageKey: pictureKey, sort: 0 });

  const logo = await upload(demo, 'logo', 'logo.png', png(240, 80, [200, 40, 40]));
  expect(logo.statusCode).toBe(200);
  logoId = logo.json().response.data.at(-1).id;
  const banner = await upload(demo, 'banner', 'banner.png', png(1200, 240, [20, 140, 90]));
  expect(banner.statusCode).toBe(200);
  bannerId = banner.json().response.data.at(-1).id;
});
afterAll(() => t.close());

describe('POST /api/services/proposal/add', () => {
  // Dealer prices (СпецСнаб's contracts are of the dealer type): 1500 and 1600 for the jacket sizes, 800 for the boots —
  // never printed. Retail prices: 2400 and 2500 (the size's +100 surcharge), 1200 for the boots.
  // Jacket −10 %: 1350 × 2 + 1440 × 1 = 4140, the dealer's discount 150 × 2 + 160 = 460; boots +200 +50: 1050 × 3 =
  // 3150, a markup (no discount, nothing crossed out though below retail). Total 7290; dated 14.03.2025, VAT 20 %
  // inside: 1215; the customer's discount is only the dealer's 460; «before discount» 7750.
  it('answers a PDF holding the customer, the executor, the positions, the prices, the totals and the conditions', async () => {
    const response = await send(demo, proposal());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('file.pdf');
    const text = proposalText(response.rawPayload);
    if (process.env.KEEP_PROPOSAL) writeFileSync(process.env.KEEP_PROPOSAL, response.rawPayload);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('КОММЕРЧЕСКОЕ ПРЕДЛОЖЕНИЕ');
    expect(flat).toContain('№ КП-17 от 14.03.2025');
    expect(flat).toContain('ООО «Заказчик-Тест»');
    expect(flat).toContain('ИНН 7736207543');
    expect(flat).toContain('Общество с ограниченной ответственностью «СпецСнаб»');
    expect(flat).not.toContain('что угодно');
    expect(flat).toContain('Куртка утеплённая «Полярник»');
    expect(flat).toContain('Артикул КПТ-101');
    expect(flat).toContain('48-50/170-176');
    expect(flat).toContain('Ботинки кожаные «Гранит»');
    expect(flat).toContain('Только под заказ');
    for (const amount of ['1 350.00', '2 700.00', '1 440.00', '1 050.00', '3 150.00', '7 750.00', '7 290.00']) {
      expect(flat).toContain(amount);
    }
    expect(flat).toContain('Итого к оплате');
    expect(flat).toMatch(/В том числе НДС \(20 %\) 1 215\.00/);
    expect(flat).toMatch(/Скидка −460\.00/);
    // Only retail prices are crossed out, on the discounted lines below them; the dealer's own prices never appear.
    for (const retail of ['2 400.00', '2 500.00']) expect(flat).toContain(retail);
    expect(flat).not.toContain('1 200.00');
    // What the crossed-out price is, said once: not the price before the dealer's discount.
    expect(flat).toContain('Зачёркнута рекомендованная розничная цена.');
    for (const dealer of ['1 500.00', '1 600.00', ' 800.00', '7 000.00']) expect(flat).not.toContain(dealer);
    // The customer block: INN, KPP and address when known.
    expect(flat).toContain('КПП 773601001');
    expect(flat).toContain('г. Москва, ул. Льва Толстого, д. 16');
    expect(flat).toContain('Семь тысяч двести девяносто рублей 00 копеек');
    expect(flat).toContain('Отсрочка платежа 14 рабочих дней');
    expect(flat).toContain('Предоплата 30 % от суммы предложения');
    expect(flat).toContain('до склада заказчика в Москве');
    expect(flat).toContain('Срок поставки — 10 рабочих дней после оплаты.');
    expect(flat).toContain('sales@specsnab.example');
    expect(pdfPageSize(response.rawPayload)).toBe('595.28 x 841.89');
  });

  it('prints a position of several sizes on a shaded row (a row span under a zebra fill)', async () => {
    const [jacket, boots] = proposal().offer.position;
    const response = await send(demo, proposal({}, { position: [boots, jacket] }));
    expect(response.statusCode, response.body).toBe(200);
    expect(proposalText(response.rawPayload).replace(/\s+/g, ' ')).toContain('52-54/182-188');
  });

  it('lays the PDF out in landscape when asked', async () => {
    const response = await send(demo, proposal({ portrait: false, headerLogoAlign: 'center' }));
    expect(response.statusCode, response.body).toBe(200);
    expect(pdfPageSize(response.rawPayload)).toBe('841.89 x 595.28');
  });

  it('answers a Word file holding the same text and the logo, the banner and the product picture', async () => {
    const response = await send(demo, proposal({ as: 'DOCX', headerLogoAlign: 'left' }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('wordprocessingml');
    expect(response.headers['content-disposition']).toContain('file.docx');
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const xml = strFromU8(files['word/document.xml']!);
    const text = xml.replace(/<[^>]+>/g, '');
    expect(text).toContain('ООО «Заказчик-Тест»');
    expect(text).toContain('Куртка утеплённая «Полярник»');
    expect(text).toContain('Ботинки кожаные «Гранит»');
    expect(text).toContain('7 290.00');
    expect(text).toContain('Отсрочка платежа');
    const media = Object.keys(files).filter((name) => name.startsWith('word/media/'));
    // logo, banner and the jacket's picture
    expect(media.length).toBe(3);
    for (const name of media) expect(Buffer.from(files[name]!).subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('places the Word page in landscape when asked', async () => {
    const response = await send(demo, proposal({ as: 'DOCX', portrait: false, header: false, banner: false }));
    expect(response.statusCode, response.body).toBe(200);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const xml = strFromU8(files['word/document.xml']!);
    expect(xml).toMatch(/w:orient="landscape"/);
    expect(Object.keys(files).filter((name) => name.startsWith('word/media/')).length).toBe(1);
  });

  // issue 35 point 7: a markup is never a discount, and no discount is shown where none was set.
  it('shows no discount and crosses nothing out for a proposal with a markup only (dated 2026: VAT 22 %)', async () => {
    const [jacket, boots] = proposal().offer.position;
    const marked = [{ ...jacket!, markup: { kind: 'percent', value: 10, add_sum: 0 } }, boots!];
    const response = await send(demo, proposal({}, { date: '2026-11-27', position: marked }));
    expect(response.statusCode, response.body).toBe(200);
    const flat = proposalText(response.rawPayload).replace(/\s+/g, ' ');
    // Jacket +10 %: 1650 × 2 + 1760 = 5060, below retail 2400/2500 but not struck; boots 3150. Total 8210.
    expect(flat).toContain('8 210.00');
    expect(flat).not.toMatch(/Скидка|без скидки/);
    for (const retail of ['2 400.00', '2 500.00', '1 200.00']) expect(flat).not.toContain(retail);
    expect(flat).not.toContain('Зачёркнута');
    // 8 210.00 × 22/122 = 1 480.49, rounded once.
    expect(flat).toMatch(/В том числе НДС \(22 %\) 1 480\.49/);
  });

  it('states the dealer company’s own VAT: «Без НДС» for a dealer without VAT, from the day it is set', async () => {
    const set = (from: string, percent: number | null) =>
      t.app.inject({ method: 'PUT', url: '/api/integration/vat-rates', headers: { 'x-api-key': KEY }, payload: { seller: SPECSNAB, from, percent } });
    expect((await set('2026-06-01', null)).statusCode).toBe(200);
    try {
      // The dealer's own table starts on 01.06.2026: before that day its VAT is not known, and nothing is guessed.
      const before = await send(demo, proposal({}, { date: '2026-05-31' }));
      expect(before.statusCode).toBe(409);
      expect(before.json().error.message).toMatch(/Ставка НДС продавца .* на 31\.05\.2026 не задана/);
      const after = await send(demo, proposal({ as: 'DOCX' }, { date: '2026-06-01' }));
      expect(after.statusCode, after.body).toBe(200);
      const text = strFromU8(unzipSync(new Uint8Array(after.rawPayload))['word/document.xml']!).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
      expect(text).toContain('Без НДС');
      expect(text).not.toContain('В том числе НДС');
      const vat = await t.app.inject({ url: `/api/services/proposal/vat?executorUID=${SPECSNAB}&date=2026-06-01`, headers: demo });
      expect(vat.json().response).toEqual({ percent: null });
    } finally {
      await t.app.db.delete(vatRates).where(eq(vatRates.orgGuid, SPECSNAB));
    }
  });

  it('answers the preview the executor’s VAT on the date, only for the user’s own companies', async () => {
    const on = (date: string, uid = SPECSNAB) => t.app.inject({ url: `/api/services/proposal/vat?executorUID=${uid}&date=${date}`, headers: demo });
    expect((await on('2025-12-31')).json().response).toEqual({ percent: 20 });
    expect((await on('2026-01-01')).json().response).toEqual({ percent: 22 });
    expect((await on('2026-01-01', TECHNOSHIELD)).statusCode).toBe(403);
    const bad = await on('01.01.2026');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/ГГГГ-ММ-ДД/);
  });

  it('refuses a company that is not the user’s as the executor', async () => {
    const response = await send(demo, proposal({}, { executorUID: TECHNOSHIELD }));
    expect(response.statusCode).toBe(403);
  });

  it('refuses another user’s logo and banner', async () => {
    const response = await send(demo2, proposal({}, { executorUID: TECHNOSHIELD }));
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toMatch(/не найден в вашей библиотеке/);
  });

  it('refuses a discount below -1,000,000 and a price that falls below zero', async () => {
    const tooLow = proposal({}, {
      position: [{ guid: BOOTS.uid, characteristics: [{ guid: BOOTS.uid, quantity: 1 }], markup: { kind: 'fixed', value: -1_000_001, add_sum: 0 } }],
    });
    const first = await send(demo, tooLow);
    expect(first.statusCode).toBe(400);
    expect(first.json().error.message).toMatch(/-1\s000\s000/);
    const negative = proposal({}, {
      position: [{ guid: BOOTS.uid, characteristics: [{ guid: BOOTS.uid, quantity: 1 }], markup: { kind: 'fixed', value: -900, add_sum: 0 } }],
    });
    const second = await send(demo, negative);
    expect(second.statusCode).toBe(400);
    expect(second.json().error.message).toBe('Цена позиции «Ботинки кожаные «Гранит»» после скидки получается меньше нуля: уменьшите скидку.');
  });

  it('refuses a proposal without a line with a count above 0, an unknown product and an unknown size', async () => {
    const empty = await send(demo, proposal({}, { position: [{ guid: JACKET.uid, characteristics: [{ guid: OFFER_48, quantity: 0 }] }] }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toMatch(/количеством больше 0/);
    const unknown = await send(demo, proposal({}, { position: [{ guid: 'no-such-product', characteristics: [{ guid: 'x', quantity: 1 }] }] }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toMatch(/не найден в каталоге/);
    const size = await send(demo, proposal({}, { position: [{ guid: JACKET.uid, characteristics: [{ guid: 'kp-test-offer-99', quantity: 1 }] }] }));
    expect(size.statusCode).toBe(400);
    expect(size.json().error.message).toMatch(/нет характеристики/);
  });

  it('refuses a deferment without days and a customer INN with a wrong checksum', async () => {
    const payload = proposal();
    const deferment = await send(demo, { ...payload, additionally: { ...payload.additionally, delayWorkValue: null } });
    expect(deferment.statusCode).toBe(400);
    expect(deferment.json().error.message).toMatch(/календарных или рабочих/);
    const inn = await send(demo, proposal({}, { customerInn: '7736207544' }));
    expect(inn.statusCode).toBe(400);
    expect(inn.json().error.message).toMatch(/ИНН заказчика: Контрольная сумма/);
  });

  it('needs a session', async () => {
    const response = await send({}, proposal());
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/services/proposal/org/:inn', () => {
  const lookup = (inn: string, headers = demo) => t.app.inject({ method: 'GET', url: `/api/services/proposal/org/${encodeURIComponent(inn)}`, headers });

  it('finds a partner by INN and answers the short name as text', async () => {
    const response = await lookup('7707083893');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      error: null,
      response: expect.objectContaining({
        inn: '7707083893',
        name: 'Общество с ограниченной ответственностью «СпецСнаб»',
        text: 'ООО «СпецСнаб»',
      }),
    });
  });

  it('finds an organisation of the sample registry, a 12-digit sole proprietor too', async () => {
    const org = await lookup('5168666865');
    expect(org.statusCode).toBe(200);
    expect(org.json().response.text).toBe('ООО «СтройМонтаж-Север»');
    const registry = (await import('../../../src/modules/proposals/organisation-registry.json', { with: { type: 'json' } })).default as Array<{ inn: string; text: string }>;
    const person = registry.find((entry) => entry.inn.length === 12)!;
    const answer = await lookup(person.inn);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().response.text).toBe(person.text);
  });

  it('answers 400 for a wrong checksum or length, and 404 for a valid unknown INN', async () => {
    const checksum = await lookup('7707083894');
    expect(checksum.statusCode).toBe(400);
    expect(checksum.json().error.message).toMatch(/Контрольная сумма ИНН/);
    const short = await lookup('770708389');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toMatch(/10 .*или 12/);
    const letters = await lookup('77070A3893');
    expect(letters.statusCode).toBe(400);
    const unknown = await lookup('7710140679');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toMatch(/не найдена/);
  });
});

describe('logo and banner library', () => {
  const list = (kind: 'logo' | 'banner', headers = demo) => t.app.inject({ method: 'GET', url: `/api/services/proposal/${kind}/list`, headers });
  const remove = (kind: 'logo' | 'banner', id: number, headers = demo) =>
    t.app.inject({ method: 'POST', url: `/api/services/proposal/${kind}/delete`, headers, payload: { id } });

  it('adds logos in upload order and serves their bytes to their owner', async () => {
    const added = await upload(demo, 'logo', 'second.png', png(64, 64, [0, 0, 0]));
    expect(added.statusCode).toBe(200);
    const data = added.json().response.data as Array<{ id: number; name: string; src: string; mime: string }>;
    expect(data.map((item) => item.name).slice(-2)).toEqual(['logo.png', 'second.png']);
    const listed = await list('logo');
    expect(listed.json().response).toEqual(data);
    const last = data.at(-1)!;
    expect(last.mime).toBe('image/png');
    const bytes = await t.app.inject({ method: 'GET', url: last.src, headers: demo });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/png');
    expect(PNG.sync.read(bytes.rawPayload).width).toBe(64);
  });

  it('refuses SVG, a file that is not an image, a damaged PNG, too big a file and a request without a file', async () => {
    const svg = await upload(demo, 'logo', 'logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
    expect(svg.statusCode).toBe(415);
    expect(svg.json().error.message).toMatch(/SVG.*PNG или JPEG/);
    const text = await upload(demo, 'banner', 'notes.png', Buffer.from('just some text, not a picture'));
    expect(text.statusCode).toBe(415);
    expect(text.json().error.message).toMatch(/принимаются только PNG, JPEG, WebP/);
    const damaged = png(20, 20, [1, 2, 3]);
    const broken = Buffer.concat([damaged.subarray(0, 40), Buffer.alloc(30)]);
    const brokenAnswer = await upload(demo, 'logo', 'broken.png', broken);
    expect(brokenAnswer.statusCode).toBe(415);
    const huge = Buffer.concat([png(2, 2, [0, 0, 0]), Buffer.alloc(3 * 1024 * 1024 + 10)]);
    const big = await upload(demo, 'banner', 'huge.png', huge);
    expect(big.statusCode).toBe(413);
    const json = await t.app.inject({ method: 'POST', url: '/api/services/proposal/logo/add', headers: demo, payload: { image: 'data:image/png;base64,AAAA' } });
    expect(json.statusCode).toBe(415);
    const banners = await list('banner');
    expect(banners.json().response).toHaveLength(1);
  });

  it('keeps each user’s library to themselves: demo2 can neither see nor fetch nor delete demo’s logos', async () => {
    const mine = (await list('logo')).json().response as Array<{ id: number; src: string }>;
    expect(mine.length).toBeGreaterThan(0);
    const theirs = await list('logo', demo2);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().response).toEqual([]);
    const fetch = await t.app.inject({ method: 'GET', url: mine[0]!.src, headers: demo2 });
    expect(fetch.statusCode).toBe(404);
    const deletion = await remove('logo', mine[0]!.id, demo2);
    expect(deletion.statusCode).toBe(404);
    expect((await list('logo')).json().response).toEqual(mine);
    // A logo id is not a banner id either.
    expect((await remove('banner', mine[0]!.id)).statusCode).toBe(404);
  });

  it('deletes the user’s own image and answers the remaining list', async () => {
    const before = (await list('logo')).json().response as Array<{ id: number; src: string }>;
    const target = before.at(-1)!;
    const response = await remove('logo', target.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().response.data).toEqual(before.slice(0, -1));
    expect((await t.app.inject({ method: 'GET', url: target.src, headers: demo })).statusCode).toBe(404);
  });
});

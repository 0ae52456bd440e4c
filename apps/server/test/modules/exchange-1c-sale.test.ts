/**
 * 1C's order exchange (type=sale), driven step by step as 1C drives it after checkauth and init: an order placed in
 * the portal goes out in `query` until a `success` confirms it, then never again; order documents from 1C (fixtures
 * modelled on real 1C exports, test/fixtures/commerceml/SOURCES.md) move the order's checks and tell the dealer.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHECK_STATUS_NAMES, ORGANISATION, firstWorkingDayFrom, moscowDateAfter, moscowDay } from '@portal/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { zipSync } from 'fflate';
import iconv from 'iconv-lite';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { exchange1cCheckStates, exchange1cOrderHandouts, mailEvents, notifications, offers, orderChecks, orderLines, products, users } from '../../src/db/schema';
import { SEEDED_ORDERS, seededOrderId } from '../../src/seed/orders';
import { DEMO_PARTNERS } from '../../src/seed/people';
import { saleStep, type SaleStepInput } from '../../src/modules/exchange-1c/sale';
import { createTestApp, signInAs, type TestApp } from '../support/helper';
import { atServerPrices } from '../support/order-prices';
import { insertProduct, line, type FixtureProduct } from './orders/fixtures';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/commerceml');

let t: TestApp;
let demo: Record<string, string>;
let uploadDir: string;
let suit: FixtureProduct; // FRO, size 48 in stock
let boots: FixtureProduct; // ES, size 42 in stock

beforeAll(async () => {
  t = await createTestApp();
  demo = await signInAs(t.app, 'demo');
  uploadDir = await mkdtemp(path.join(tmpdir(), 'exchange-1c-sale-'));
  suit = await insertProduct(t.app.db, { name: 'Костюм «Спецназ» летний', priceOpt: 1500, offers: [{ characteristic: '48', residue: 20 }] });
  boots = await insertProduct(t.app.db, {
    name: 'Ботинки & берцы <кожа>',
    type: 'shoes',
    priceOpt: 2300,
    offers: [{ characteristic: '42', residue: 20, orgGuid: ORGANISATION.ES }],
  });
});
afterAll(async () => {
  await t.close();
  await rm(uploadDir, { recursive: true, force: true });
});

/** A step as 1C makes it; its text answers (windows-1251, as 1C reads them) decoded for the assertions. */
async function step(mode: SaleStepInput['mode'], extra: Partial<SaleStepInput> = {}) {
  const answer = await saleStep(t.app, { mode, uploadDir, ...extra });
  if (answer.contentType.startsWith('application/xml')) return answer;
  expect(answer.contentType).toBe('text/plain; charset=windows-1251');
  return { ...answer, body: iconv.decode(answer.body as Buffer, 'windows-1251') };
}

/** Places an order for Спецснаб as demo does, at the server's prices; answers its number. */
async function placeOrder(
  lines: Array<{ product: FixtureProduct; quantity: number }>,
  comment = 'Заказ для 1С',
  delivery: { case: 'pickup' | 'delivery' | 'other'; cost: number } = { case: 'delivery', cost: 0 },
) {
  const body = await atServerPrices(t.app, 'demo', {
    partner_id: DEMO_PARTNERS.SPECSNAB,
    comment,
    delivery: { address: 'Москва, ул. Тверская, 7', date: firstWorkingDayFrom(moscowDateAfter(Date.now(), 2)), bill_to: '', ...delivery },
    position: lines.map(({ product, quantity }) => ({ guid: product.uid, characteristics: [line(product.offers[0]!, quantity)] })),
    position_presail: [],
  });
  const response = await t.app.inject({ method: 'POST', url: '/api/order/add', headers: demo, payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().response.id as number;
}

/** The dealer edits order `id` in the portal to these lines (at the server's prices); answers the edit's response. */
async function editOrder(id: number, lines: Array<{ product: FixtureProduct; quantity: number }>, key: string) {
  const body = await atServerPrices(t.app, 'demo', {
    partner_id: DEMO_PARTNERS.SPECSNAB,
    comment: 'Заказ для 1С, изменён',
    delivery: { address: 'Москва, ул. Тверская, 7', date: firstWorkingDayFrom(moscowDateAfter(Date.now(), 2)), bill_to: '', case: 'delivery', cost: 0 },
    position: lines.map(({ product, quantity }) => ({ guid: product.uid, characteristics: [line(product.offers[0]!, quantity)] })),
    position_presail: [],
    edit: true,
  });
  const response = await t.app.inject({ method: 'POST', url: `/api/order/${id}/edit`, headers: { ...demo, 'idempotency-key': key }, payload: body });
  expect(response.statusCode, response.body).toBe(200);
}

async function checksOf(order: number) {
  return t.app.db.select().from(orderChecks).where(eq(orderChecks.orderId, order)).orderBy(orderChecks.id);
}

interface QueriedDocument {
  fields: Record<string, string>;
  company: Record<string, string>;
  goods: Array<Record<string, string>>;
  requisites: Record<string, string>;
}

/** The answer to `query`: checks it is windows-1251 XML, parses it strictly (saxes throws on anything malformed). */
async function query(): Promise<{ text: string; documents: QueriedDocument[] }> {
  const answer = await step('query');
  expect(answer.contentType).toBe('application/xml; charset=windows-1251');
  expect(Buffer.isBuffer(answer.body)).toBe(true);
  const text = iconv.decode(answer.body as Buffer, 'windows-1251');
  expect(text.startsWith('<?xml version="1.0" encoding="windows-1251"?>')).toBe(true);

  const documents: QueriedDocument[] = [];
  const parser = new SaxesParser();
  const stack: string[] = [];
  let value = '';
  let document: QueriedDocument | undefined;
  let goods: Record<string, string> | undefined;
  let requisite: { name?: string; value?: string } = {};
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => {
    stack.push(tag.name);
    value = '';
    if (tag.name === 'Документ') document = { fields: {}, company: {}, goods: [], requisites: {} };
    if (tag.name === 'Товар') goods = {};
  });
  parser.on('text', (chunk) => (value += chunk));
  parser.on('closetag', (tag) => {
    const parent = stack.at(-2);
    if (document) {
      if (parent === 'Документ') document.fields[tag.name] = value;
      else if (parent === 'Контрагент') document.company[tag.name] = value;
      else if (goods && (parent === 'Товар' || parent === 'ХарактеристикаТовара' || parent === 'Скидка')) goods[`${parent === 'Товар' ? '' : `${parent}.`}${tag.name}`] = value;
      else if (parent === 'ЗначениеРеквизита') requisite[tag.name === 'Наименование' ? 'name' : 'value'] = value;
      if (tag.name === 'ЗначениеРеквизита' && stack.at(-3) === 'Документ') document.requisites[requisite.name!] = requisite.value!;
      if (tag.name === 'ЗначениеРеквизита' && stack.at(-3) === 'Товар') goods![`Реквизит.${requisite.name}`] = requisite.value!;
      if (tag.name === 'ЗначениеРеквизита') requisite = {};
      if (tag.name === 'Товар') {
        document.goods.push(goods!);
        goods = undefined;
      }
      if (tag.name === 'Документ') {
        documents.push(document);
        document = undefined;
      }
    }
    stack.pop();
    value = '';
  });
  parser.write(text).close();
  expect(stack).toEqual([]);
  return { text, documents };
}

const documentsOf = (documents: QueriedDocument[], order: number) => documents.filter((document) => document.fields['Номер'] === String(order));

describe('query and success: an order goes to 1C until 1C confirms it, then never again', () => {
  it('hands out none of the demo’s seeded orders on a fresh database: they are the back office’s history', async () => {
    const seeded = (await Promise.all(SEEDED_ORDERS.map((spec) => seededOrderId(t.app.db, spec.code)))).filter((id) => id !== undefined);
    expect(seeded).toHaveLength(SEEDED_ORDERS.length);
    const first = await query();
    for (const id of seeded) expect(documentsOf(first.documents, id), `order ${id}`).toEqual([]);
    const handouts = await t.app.db.select().from(exchange1cOrderHandouts).where(inArray(exchange1cOrderHandouts.orderId, seeded));
    expect(handouts).toHaveLength(seeded.length);
    expect(handouts.every((handout) => handout.takenRevision === 1 && handout.takenAt !== null)).toBe(true);
    await step('success');
  });

  it('hands out a new order as CommerceML with the company’s ИНН, lines with sizes, prices, discounts and delivery', async () => {
    const order = await placeOrder([
      { product: suit, quantity: 3 },
      { product: boots, quantity: 2 },
    ]);
    const checks = await checksOf(order);
    expect(checks).toHaveLength(2); // FRO and ES: one 1C order per selling organisation

    const { documents } = await query();
    const mine = documentsOf(documents, order);
    expect(mine.map((document) => document.fields['Ид']).sort()).toEqual(checks.map((check) => check.guid).sort());

    const fro = mine.find((document) => document.fields['Ид'] === checks.find((check) => check.orgGuid === ORGANISATION.FRO)!.guid)!;
    expect(fro.fields).toMatchObject({ ХозОперация: 'Заказ товара', Роль: 'Продавец', Валюта: 'руб', Комментарий: 'Заказ для 1С', Дата: moscowDay(new Date()) });
    expect(fro.company).toMatchObject({ Ид: DEMO_PARTNERS.SPECSNAB, ИНН: '7707083893', Роль: 'Покупатель' });
    expect(fro.goods).toHaveLength(1);
    const suitLine = fro.goods[0]!;
    expect(suitLine['Ид']).toBe(`${suit.uid}#${suit.offers[0]!.guid}`);
    expect(suitLine['Артикул']).toBe(suit.article);
    expect(suitLine['Наименование']).toBe('Костюм «Спецназ» летний');
    expect(suitLine['ХарактеристикаТовара.Наименование']).toBe('Размер');
    expect(suitLine['ХарактеристикаТовара.Значение']).toBe('48');
    expect(suitLine['Количество']).toBe('3');
    // The line's prices and discount are the stored ones (the server's pricing); the document's sum is the check's total.
    const [stored] = await t.app.db.select().from(orderChecks).where(eq(orderChecks.guid, fro.fields['Ид']!));
    const [storedLine] = await t.app.db.select().from(orderLines).where(and(eq(orderLines.orderId, order), eq(orderLines.orgGuid, ORGANISATION.FRO)));
    expect(suitLine['ЦенаЗаЕдиницу']).toBe(storedLine!.price.toFixed(2));
    expect(suitLine['Сумма']).toBe((storedLine!.price * 3).toFixed(2));
    expect(fro.fields['Сумма']).toBe(stored!.total.toFixed(2));
    expect(storedLine!.discount).toBeGreaterThan(0); // Спецснаб's contract with ФРО has a discount
    expect(Number(suitLine['Скидка.Процент'])).toBe(storedLine!.discount);
    expect(suitLine['Скидка.Сумма']).toBe(((storedLine!.fullprice - storedLine!.price) * 3).toFixed(2));
    expect(fro.requisites).toMatchObject({
      Организация: 'ООО «ФРО»',
      'Статус заказа': CHECK_STATUS_NAMES[stored!.status],
      'Способ доставки': 'Доставка',
      'Адрес доставки': 'Москва, ул. Тверская, 7',
      'Номер заказа на портале': String(order),
    });
    expect(fro.requisites['Дата доставки']).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const es = mine.find((document) => document !== fro)!;
    expect(es.requisites['Организация']).toBe('ООО «ЭС»');
    // Markup in a name travels escaped and comes back as typed.
    expect(es.goods[0]!['Наименование']).toBe('Ботинки & берцы <кожа>');
  });

  it('sends an order again while 1C has not confirmed it; after success it never comes back, and an order placed meanwhile waits for the next query', async () => {
    const first = await placeOrder([{ product: suit, quantity: 1 }]);
    const firstChecks = await checksOf(first);
    const handedOut = await query();
    expect(documentsOf(handedOut.documents, first)).toHaveLength(firstChecks.length);

    // 1C asks again without confirming (its load failed): the same order, once.
    const again = await query();
    expect(documentsOf(again.documents, first)).toHaveLength(1);
    expect(again.text.split(`<Ид>${firstChecks[0]!.guid}</Ид>`)).toHaveLength(2);

    // An order placed after that query, before 1C's success: not confirmed by it.
    const meanwhile = await placeOrder([{ product: suit, quantity: 2 }]);
    const confirmed = await step('success');
    expect(confirmed.body).toBe('success');

    const next = await query();
    expect(documentsOf(next.documents, first)).toEqual([]);
    expect(documentsOf(next.documents, meanwhile)).toHaveLength(1);
    await step('success');
    const last = await query();
    expect(documentsOf(last.documents, meanwhile)).toEqual([]);
    expect(documentsOf(last.documents, first)).toEqual([]);
    await step('success');
  });

  it('an order edited in the portal after 1C took it goes out again with its new lines, once, until success', async () => {
    const order = await placeOrder([{ product: suit, quantity: 1 }]);
    expect(documentsOf((await query()).documents, order)).toHaveLength(1);
    await step('success');
    expect(documentsOf((await query()).documents, order)).toEqual([]);
    await step('success');

    await editOrder(order, [{ product: suit, quantity: 3 }], 'sale-edit-1');
    const edited = documentsOf((await query()).documents, order);
    expect(edited).toHaveLength(1);
    expect(edited[0]!.goods.map((goods) => goods['Количество'])).toEqual(['3']);
    expect(edited[0]!.fields['Комментарий']).toBe('Заказ для 1С, изменён');
    // 1C asks again before confirming: the edited order once more, once in the answer.
    expect(documentsOf((await query()).documents, order)).toHaveLength(1);
    await step('success');
    expect(documentsOf((await query()).documents, order)).toEqual([]);
    await step('success');
  });

  it('an order edited between a query and its success is not confirmed by that success: the next query carries the edit', async () => {
    const order = await placeOrder([{ product: suit, quantity: 1 }]);
    expect(documentsOf((await query()).documents, order)[0]!.goods.map((goods) => goods['Количество'])).toEqual(['1']);
    await editOrder(order, [{ product: suit, quantity: 2 }], 'sale-edit-2');
    await step('success');

    const next = documentsOf((await query()).documents, order);
    expect(next.map((document) => document.goods.map((goods) => goods['Количество']))).toEqual([['2']]);
    await step('success');
    expect(documentsOf((await query()).documents, order)).toEqual([]);
    await step('success');
  });

  it('bills a carrier’s delivery as the «Доставка заказа» service on the check that carries it, and marks the pre-order part', async () => {
    const coat = await insertProduct(t.app.db, { name: 'Куртка утеплённая', priceOpt: 4200, offers: [{ characteristic: '52', residue: 20 }] });
    const order = await placeOrder(
      [
        { product: coat, quantity: 25 }, // 20 in stock: 5 go to pre-order
        { product: boots, quantity: 1 },
      ],
      'Транспортной компанией',
      { case: 'other', cost: 750.5 },
    );
    const { documents } = await query();
    const mine = documentsOf(documents, order);
    const withDelivery = mine.filter((document) => document.goods.some((goods) => goods['Ид'] === 'ORDER_DELIVERY'));
    expect(withDelivery).toHaveLength(1);
    const delivery = withDelivery[0]!.goods.find((goods) => goods['Ид'] === 'ORDER_DELIVERY')!;
    expect(delivery).toMatchObject({ Наименование: 'Доставка заказа', ЦенаЗаЕдиницу: '750.50', Количество: '1', Сумма: '750.50' });
    expect(withDelivery[0]!.requisites).toMatchObject({ 'Способ доставки': 'Транспортная компания', 'Стоимость доставки': '750.50' });
    // Each document's sum is its check's total, the delivery included where it is billed.
    const checks = await checksOf(order);
    for (const document of mine) expect(document.fields['Сумма']).toBe(checks.find((check) => check.guid === document.fields['Ид'])!.total.toFixed(2));
    const coatLines = mine.flatMap((document) => document.goods).filter((goods) => goods['Ид'] === `${coat.uid}#${coat.offers[0]!.guid}`);
    expect(coatLines.map((goods) => [goods['Количество'], goods['Реквизит.Под заказ']]).sort()).toEqual([
      ['20', 'false'],
      ['5', 'true'],
    ]);
    await step('success');
  });

  it('writes a character windows-1251 lacks as a character reference, so 1C reads the comment as typed', async () => {
    const order = await placeOrder([{ product: suit, quantity: 1 }], 'Срочно 🚚 до 10:00');
    const { text, documents } = await query();
    expect(text).toContain('Срочно &#128666; до 10:00');
    expect(documentsOf(documents, order)[0]!.fields['Комментарий']).toBe('Срочно 🚚 до 10:00');
    await step('success');
  });
});

/** A fixture with the order's own values put in; `encoding` is what 1C would write it in. */
function fixture(name: string, values: Record<string, string>, encoding: 'windows-1251' | 'utf8'): Buffer {
  let text = readFileSync(path.join(FIXTURES, name), 'utf8');
  for (const [key, value] of Object.entries(values)) text = text.replaceAll(`{{${key}}}`, value);
  expect(text).not.toMatch(/\{\{/);
  return iconv.encode(text, encoding);
}

/**
 * The fixture's goods line as 1C sends back a one-line order it left as placed: the goods id `query` wrote, the
 * stored quantity and price, and the check's sum.
 */
async function asPlaced(order: number) {
  const [stored] = await t.app.db.select().from(orderLines).where(eq(orderLines.orderId, order));
  const [check] = await checksOf(order);
  const [offer] = await t.app.db.select({ guid: offers.guid, productUid: products.uid }).from(offers).innerJoin(products, eq(products.id, offers.productId)).where(eq(offers.id, stored!.offerId!));
  return { GOODS: `${offer!.productUid}#${offer!.guid}`, QUANTITY: String(stored!.quantity), PRICE: stored!.price.toFixed(2), SUM: check!.total.toFixed(2) };
}

async function demoUserId() {
  const [user] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.login, 'demo'));
  return user!.id;
}

async function statusNotices(order: number) {
  const rows = await t.app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, await demoUserId()), eq(notifications.event, 'check_status')));
  return rows.filter((row) => (row.data as { order?: number } | null)?.order === order);
}

const statusMail = (order: number) =>
  t.app.db
    .select()
    .from(mailEvents)
    .where(and(eq(mailEvents.kind, 'check.status'), eq(mailEvents.subjectId, order)));

describe('file: order documents from 1C move the order and tell the dealer', () => {
  it('a shipped document (windows-1251, 1C’s own layout) ships the check, keeps 1C’s number and dates, notifies the dealer by the bar and by mail; an unknown order is refused with its reason', async () => {
    const order = await placeOrder([{ product: suit, quantity: 4 }]);
    const [check] = await checksOf(order);
    const today = moscowDay(new Date());
    const body = fixture(
      'sale-statuses-from-1c.template.xml',
      { CHECK: check!.guid, ORDER: String(order), DATE: today, SUM: check!.total.toFixed(2), COMPANY: DEMO_PARTNERS.SPECSNAB, GOODS: `${suit.uid}#${suit.offers[0]!.guid}`, PRICE: (check!.total / 4).toFixed(2), QUANTITY: '4.00' },
      'windows-1251',
    );

    const answer = await step('file', { filename: 'orders-1.xml', body });
    const lines = String(answer.body).split('\n');
    expect(lines[0]).toBe('success');
    expect(lines[1]).toBe('Документов применено: 1, без изменений: 0, отклонено: 1.');
    expect(lines[2]).toBe('Документ 2 (№ 5, Ид 778BB97A-B2C7-4D6E-9379-5F26F69A3DDC): заказ не найден на портале — документ не применён.');
    expect(lines).toHaveLength(3); // 1C's lines agree with the portal's: nothing else to say

    const [after] = await checksOf(order);
    expect(after!.status).toBe(3); // «Отгружен»: the shipment date is the strongest word after a cancellation
    const [state] = await t.app.db.select().from(exchange1cCheckStates).where(eq(exchange1cCheckStates.checkId, check!.id));
    expect(state).toMatchObject({ number1c: 'ФР-000123', paidOn: null, shippedOn: today });

    const notices = await statusNotices(order);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.message).toBe(`Заказ № ${order}: статус изменился на «Отгружен».`);
    const mail = await statusMail(order);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.data).toMatchObject({ status: 3, check: check!.guid });

    // The same package again changes nothing and tells nobody twice.
    const repeated = await step('file', { filename: 'orders-1.xml', body });
    expect(String(repeated.body).split('\n')[1]).toBe('Документов применено: 0, без изменений: 1, отклонено: 1.');
    expect(await statusNotices(order)).toHaveLength(1);
    expect(await statusMail(order)).toHaveLength(1);

    // Renumbered in 1C, nothing else: the number is kept and no one is notified, but the order's open pages, which
    // show it, are told to read the order again.
    const published = vi.spyOn(t.app.realtime, 'publishToPartner');
    try {
      const renumbered = iconv.encode(iconv.decode(body, 'windows-1251').replace('ФР-000123', 'ФР-000124'), 'windows-1251');
      const answered = await step('file', { filename: 'orders-1.xml', body: renumbered });
      expect(String(answered.body).split('\n')[1]).toBe('Документов применено: 1, без изменений: 0, отклонено: 1.');
      const [renamed] = await t.app.db.select().from(exchange1cCheckStates).where(eq(exchange1cCheckStates.checkId, check!.id));
      expect(renamed!.number1c).toBe('ФР-000124');
      expect(published.mock.calls.map(([, message]) => message)).toEqual([{ namespace: 'orders', action: 'refresh', payload: { ids: [check!.orderId] } }]);
      expect(await statusNotices(order)).toHaveLength(1);
    } finally {
      published.mockRestore();
    }
  });

  it('a cancellation found by the order’s number (UTF-8, requisites in the older form) cancels every check of the order', async () => {
    const order = await placeOrder([
      { product: suit, quantity: 1 },
      { product: boots, quantity: 1 },
    ]);
    const body = fixture(
      'sale-cancelled-by-number-utf8.template.xml',
      { ORDER: String(order), DATE: moscowDay(new Date()), COMPANY: DEMO_PARTNERS.SPECSNAB, FOREIGN_ID: 'b5d6c0e2-4f1a-11ee-8c99-0242ac120002' },
      'utf8',
    );
    const answer = await step('file', { filename: 'orders-2.xml', body });
    expect(String(answer.body).split('\n').slice(0, 2)).toEqual(['success', 'Документов применено: 1, без изменений: 0, отклонено: 0.']);
    const checks = await checksOf(order);
    expect(checks.map((check) => check.status)).toEqual([4, 4]);
    const states = await Promise.all(checks.map((check) => t.app.db.select().from(exchange1cCheckStates).where(eq(exchange1cCheckStates.checkId, check.id))));
    expect(states.map(([state]) => state?.number1c)).toEqual(['ЭС-000045', 'ЭС-000045']);
    expect(await statusNotices(order)).toHaveLength(2);
  });

  it('bad XML, a wrong encoding or another format: failure with a Russian reason, and nothing written', async () => {
    const order = await placeOrder([{ product: suit, quantity: 1 }]);
    const [check] = await checksOf(order);
    const good = fixture(
      'sale-statuses-from-1c.template.xml',
      { CHECK: check!.guid, ORDER: String(order), DATE: moscowDay(new Date()), SUM: '1.00', COMPANY: DEMO_PARTNERS.SPECSNAB, GOODS: suit.uid, PRICE: '1.00', QUANTITY: '1' },
      'windows-1251',
    );
    const text = iconv.decode(good, 'windows-1251');
    const cases: Array<[string, Buffer, RegExp]> = [
      ['tags crossed', iconv.encode(text.replace('</Номер>', '</Дата>'), 'windows-1251'), /^failure\nФайл не является корректным XML: строка \d+/],
      ['windows-1251 bytes declared UTF-8', iconv.encode(text.replace('encoding="windows-1251"', 'encoding="UTF-8"'), 'windows-1251'), /^failure\nФайл объявлен в кодировке UTF-8/],
      ['an unknown encoding', Buffer.from('<?xml version="1.0" encoding="KOI8-R"?><КоммерческаяИнформация/>'), /^failure\nКодировка «KOI8-R» не поддерживается/],
      ['not CommerceML', Buffer.from('<?xml version="1.0"?><orders><order id="1"/></orders>'), /^failure\nКорневой элемент «orders»/],
      ['a DOCTYPE with entities', Buffer.from('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><КоммерческаяИнформация/>'), /^failure\nФайл содержит DOCTYPE/],
      ['empty', Buffer.alloc(0), /^failure\nФайл пуст/],
    ];
    for (const [what, body, reason] of cases) {
      const answer = await step('file', { filename: 'orders-bad.xml', body });
      expect(String(answer.body), what).toMatch(reason);
    }
    // Cut off mid-way: a part waiting for the rest; when 1C's import comes and the rest never did, refused with why.
    const cut = good.subarray(0, Math.floor(good.length * 0.6));
    expect(String((await step('file', { filename: 'orders-cut.xml', body: cut })).body)).toBe(
      `success\nПринята часть файла orders-cut.xml: ${cut.length} байт; файл ещё не целиком — жду следующую часть.`,
    );
    expect(String((await step('import', { filename: 'orders-cut.xml' })).body)).toMatch(
      /^failure\nФайл orders-cut\.xml пришёл не целиком \(\d+ байт\): Файл не является корректным XML: строка \d+, позиция \d+: незакрытый элемент .* Документы из него не применены — повторите обмен\.$/,
    );
    // Forgotten: the next exchange's import has nothing left over.
    expect((await step('import')).body).toBe('success');
    const [after] = await checksOf(order);
    expect(after!.status).toBe(check!.status);
    expect(await t.app.db.select().from(exchange1cCheckStates).where(eq(exchange1cCheckStates.checkId, check!.id))).toEqual([]);
    expect(await statusMail(order)).toEqual([]);
  });

  it('a zip archive of order documents is unpacked and applied; one that unpacks too large is refused whole', async () => {
    const order = await placeOrder([{ product: boots, quantity: 1 }]);
    const [check] = await checksOf(order);
    const xml = fixture(
      'sale-statuses-from-1c.template.xml',
      { CHECK: check!.guid, ORDER: String(order), DATE: moscowDay(new Date()), COMPANY: DEMO_PARTNERS.SPECSNAB, ...(await asPlaced(order)) },
      'windows-1251',
    );
    const zipped = Buffer.from(zipSync({ 'orders-3.xml': new Uint8Array(xml) }));
    const answer = await step('file', { filename: 'orders-3.zip', body: zipped });
    expect(String(answer.body).split('\n').slice(0, 2)).toEqual(['success', 'Документов применено: 1, без изменений: 0, отклонено: 1.']);
    expect((await checksOf(order))[0]!.status).toBe(3);

    // 70 MB of zeros pack into a few kilobytes: refused before anything is written.
    const other = await placeOrder([{ product: boots, quantity: 1 }]);
    const [otherCheck] = await checksOf(other);
    const bomb = Buffer.from(zipSync({ 'orders-4.xml': new Uint8Array(70 * 1024 * 1024) }, { level: 9 }));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const refused = await step('file', { filename: 'orders-4.zip', body: bomb });
    expect(String(refused.body)).toMatch(/^failure\nАрхив orders-4\.zip распаковывается больше чем в 64 МБ/);
    expect((await checksOf(other))[0]!.status).toBe(otherCheck!.status);
  });

  it('a document 1C sends in two parts is put together and applied once, when whole; the whole file again changes nothing', async () => {
    const order = await placeOrder([{ product: suit, quantity: 2 }]);
    const [check] = await checksOf(order);
    const body = fixture(
      'sale-statuses-from-1c.template.xml',
      { CHECK: check!.guid, ORDER: String(order), DATE: moscowDay(new Date()), SUM: check!.total.toFixed(2), COMPANY: DEMO_PARTNERS.SPECSNAB, GOODS: `${suit.uid}#${suit.offers[0]!.guid}`, PRICE: (check!.total / 2).toFixed(2), QUANTITY: '2' },
      'windows-1251',
    );
    const half = Math.floor(body.length / 2);

    const first = await step('file', { filename: 'orders-parts.xml', body: body.subarray(0, half) });
    expect(first.body).toBe(`success\nПринята часть файла orders-parts.xml: ${half} байт; файл ещё не целиком — жду следующую часть.`);
    expect((await checksOf(order))[0]!.status).toBe(check!.status);
    expect(await statusNotices(order)).toEqual([]);

    // 1C on Linux names the file with its folder: the same file all the same.
    const second = await step('file', { filename: '/tmp/orders-parts.xml', body: body.subarray(half) });
    expect(String(second.body).split('\n').slice(0, 2)).toEqual(['success', 'Документов применено: 1, без изменений: 0, отклонено: 1.']);
    expect((await checksOf(order))[0]!.status).toBe(3);
    expect(await statusNotices(order)).toHaveLength(1);
    expect(await statusMail(order)).toHaveLength(1);
    expect((await step('import', { filename: 'orders-parts.xml' })).body).toBe('success');

    // The whole file again under the same name starts a new file: applied, and nothing changes or is told twice.
    const again = await step('file', { filename: 'orders-parts.xml', body });
    expect(String(again.body).split('\n')[1]).toBe('Документов применено: 0, без изменений: 1, отклонено: 1.');
    expect(await statusNotices(order)).toHaveLength(1);
    expect(await statusMail(order)).toHaveLength(1);
  });

  it('a zip archive in three parts is applied when its last part arrives; a part that opens a new XML file replaces what an earlier exchange left unfinished', async () => {
    const order = await placeOrder([{ product: boots, quantity: 1 }]);
    const [check] = await checksOf(order);
    const xml = fixture(
      'sale-statuses-from-1c.template.xml',
      { CHECK: check!.guid, ORDER: String(order), DATE: moscowDay(new Date()), COMPANY: DEMO_PARTNERS.SPECSNAB, ...(await asPlaced(order)) },
      'windows-1251',
    );
    const zipped = Buffer.from(zipSync({ 'orders-7.xml': new Uint8Array(xml) }, { level: 0 }));
    const cuts = [0, Math.floor(zipped.length / 3), Math.floor((zipped.length * 2) / 3), zipped.length];
    const answers = [];
    for (let part = 0; part < 3; part += 1) {
      answers.push(String((await step('file', { filename: 'orders-7.zip', body: zipped.subarray(cuts[part], cuts[part + 1]) })).body));
      if (part < 2) expect((await checksOf(order))[0]!.status).toBe(check!.status);
    }
    expect(answers[0]).toMatch(/^success\nПринята часть файла orders-7\.zip/);
    expect(answers[1]).toMatch(/^success\nПринята часть файла orders-7\.zip/);
    expect(answers[2]!.split('\n').slice(0, 2)).toEqual(['success', 'Документов применено: 1, без изменений: 0, отклонено: 1.']);
    expect((await checksOf(order))[0]!.status).toBe(3);

    // An exchange broke off after half a file; the next one sends that name again from its start.
    const other = await placeOrder([{ product: boots, quantity: 1 }]);
    const [otherCheck] = await checksOf(other);
    const otherXml = fixture(
      'sale-statuses-from-1c.template.xml',
      { CHECK: otherCheck!.guid, ORDER: String(other), DATE: moscowDay(new Date()), COMPANY: DEMO_PARTNERS.SPECSNAB, ...(await asPlaced(other)) },
      'windows-1251',
    );
    await step('file', { filename: 'orders-8.xml', body: otherXml.subarray(0, 500) });
    const whole = await step('file', { filename: 'orders-8.xml', body: otherXml });
    expect(String(whole.body).split('\n').slice(0, 2)).toEqual(['success', 'Документов применено: 1, без изменений: 0, отклонено: 1.']);
    expect((await checksOf(other))[0]!.status).toBe(3);
  });

  it('a file name with a folder outside the exchange’s is refused', async () => {
    expect(String((await step('file', { filename: '../', body: Buffer.from('<?xml version="1.0"?>') })).body)).toMatch(/^failure\nИмя файла «\.\.\/» не принято/);
    expect((await step('import')).body).toBe('success');
  });
});

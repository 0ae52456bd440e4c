/**
 * VAT by date and seller (issue 35 point 3): the table kept through the integration API and the operators' commands,
 * and the invoice printing each seller's rate in force on its day — 20 % on 31.12.2025, 22 % on 01.01.2026, «Без НДС»
 * for a seller without VAT — with the amount rounded once.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { CHECK_STATUS } from '@portal/contracts';
import { GENERAL_VAT_SELLER, ORGANISATION } from '@portal/domain';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderChecks, orders, partners, vatRates } from '../../../src/db/schema';
import { DEMO_PARTNERS } from '../../../src/seed/people';
import { OperatorError, parseVatPercent, setVat, vatTable } from '../../../src/modules/integration/operator-commands';
import { createTestApp, signInAs, type TestApp } from '../../support/helper';
import { pdfText } from '../../support/pdf';

const KEY = 'vat-test-integration-key-0123456789';

let t: TestApp;
let demo: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ INTEGRATION_API_KEY: KEY });
  demo = await signInAs(t.app, 'demo');
});
afterAll(() => t.close());

const put = (payload: unknown, key = KEY) =>
  t.app.inject({ method: 'PUT', url: '/api/integration/vat-rates', headers: { 'x-api-key': key }, payload: payload as object });
const list = async () => (await t.app.inject({ url: '/api/integration/vat-rates', headers: { 'x-api-key': KEY } })).json().response;

/** Removes what a test added to the seeded table, whatever its outcome. */
async function restoreSeededTable() {
  await t.app.db.delete(vatRates).where(ne(vatRates.orgGuid, GENERAL_VAT_SELLER));
  await t.app.db.delete(vatRates).where(and(eq(vatRates.orgGuid, GENERAL_VAT_SELLER), inArray(vatRates.validFrom, ['2027-01-01'])));
}

describe('the VAT table through the integration API', () => {
  it('is seeded with the general rate: 20 % from 2019, 22 % from 01.01.2026', async () => {
    expect(await list()).toEqual([
      { seller: GENERAL_VAT_SELLER, from: '2019-01-01', percent: 20 },
      { seller: GENERAL_VAT_SELLER, from: '2026-01-01', percent: 22 },
    ]);
  });

  it('sets a seller’s rate from a day, replaces it when sent again, and takes null for «Без НДС»', async () => {
    try {
      const first = await put({ seller: ORGANISATION.ES, from: '2026-01-01', percent: 5 });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().response).toEqual({ seller: ORGANISATION.ES, from: '2026-01-01', percent: 5 });
      expect((await put({ seller: ORGANISATION.ES, from: '2026-01-01', percent: null })).statusCode).toBe(200);
      expect((await list()).filter((rate: { seller: string }) => rate.seller === ORGANISATION.ES)).toEqual([
        { seller: ORGANISATION.ES, from: '2026-01-01', percent: null },
      ]);
      // A dealer company (by its uid) can have its own rate too: its proposals state it.
      expect((await put({ seller: DEMO_PARTNERS.PETROV, from: '2026-01-01', percent: null })).statusCode).toBe(200);
    } finally {
      await restoreSeededTable();
    }
  });

  it('refuses bad input whole with a Russian 400 saying what to fix, and stores nothing', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ seller: GENERAL_VAT_SELLER, from: '01.01.2027', percent: 22 }, /ГГГГ-ММ-ДД/],
      [{ seller: GENERAL_VAT_SELLER, from: '2027-02-30', percent: 22 }, /ГГГГ-ММ-ДД/],
      [{ seller: GENERAL_VAT_SELLER, from: '2027-01-01', percent: 22.5 }, /целое число/],
      [{ seller: GENERAL_VAT_SELLER, from: '2027-01-01', percent: -1 }, /не может быть отрицательной/],
      [{ seller: GENERAL_VAT_SELLER, from: '2027-01-01', percent: 120 }, /не больше 50 %/],
      [{ seller: GENERAL_VAT_SELLER, from: '2027-01-01' }, /percent/],
      [{ seller: 'no-such-seller', from: '2027-01-01', percent: 22 }, /Продавец «no-such-seller» не найден/],
    ];
    for (const [payload, message] of cases) {
      const response = await put(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const text = response.json().error.message as string;
      expect(text).toMatch(message);
      expect(text).toMatch(/[а-яё]/i);
    }
    expect(await list()).toHaveLength(2);
  });

  it('needs the integration key', async () => {
    expect((await put({ seller: GENERAL_VAT_SELLER, from: '2027-01-01', percent: 23 }, 'wrong')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/integration/vat-rates', headers: demo })).statusCode).toBe(401);
  });
});

describe('vat:list and vat:set', () => {
  it('lists the table and sets a rate with the same checks as the API', async () => {
    try {
      expect(await vatTable(t.app)).toBe(
        'general (общая ставка)  с 01.01.2019  20 %\ngeneral (общая ставка)  с 01.01.2026  22 %',
      );
      expect(await setVat(t.app, ORGANISATION.FRO, '2027-01-01', 'none')).toBe('Ставка НДС 8d5e3c1a-2b4f-4c6d-9e8f-a1b2c3d4e5f6 (ООО «ФРО») с 01.01.2027: Без НДС.');
      expect(await setVat(t.app, GENERAL_VAT_SELLER, '2027-01-01', '23 %')).toMatch(/с 01\.01\.2027: 23 %\.$/);
      expect(await vatTable(t.app)).toContain('8d5e3c1a-2b4f-4c6d-9e8f-a1b2c3d4e5f6 (ООО «ФРО»)  с 01.01.2027  Без НДС');
      await expect(setVat(t.app, GENERAL_VAT_SELLER, '2027-13-01', '23')).rejects.toThrow(/ГГГГ-ММ-ДД/);
      expect(() => parseVatPercent('двадцать')).toThrow(OperatorError);
      expect(() => parseVatPercent('двадцать')).toThrow(/целое число процентов .* или none/);
    } finally {
      await restoreSeededTable();
    }
  });
});

describe('the invoice prints the rate in force on its day', () => {
  let orderId: number;
  beforeAll(async () => {
    // A seeded order of СпецСнаб billed by both organisations, none of its checks cancelled.
    const rows = await t.app.db
      .select({ orderId: orderChecks.orderId, orgGuid: orderChecks.orgGuid, status: orderChecks.status })
      .from(orderChecks)
      .innerJoin(orders, eq(orders.id, orderChecks.orderId))
      .innerJoin(partners, eq(partners.id, orders.partnerId))
      .where(eq(partners.uid, DEMO_PARTNERS.SPECSNAB));
    const byOrder = new Map<number, Array<{ orgGuid: string; status: number }>>();
    for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
    orderId = [...byOrder].find(
      ([, checks]) => new Set(checks.map((check) => check.orgGuid)).size === 2 && checks.every((check) => check.status !== CHECK_STATUS.CANCELLED),
    )![0];
  });

  const invoiceOn = async (moment: Date) => {
    await t.app.db.update(orders).set({ createdAt: moment }).where(eq(orders.id, orderId));
    const response = await t.app.inject({ url: `/api/order/print?id=${orderId}&name=invoice`, headers: demo });
    expect(response.statusCode, response.body).toBe(200);
    // VAT_KEEP=<folder> keeps each invoice there to look at.
    if (process.env.VAT_KEEP) writeFileSync(path.join(process.env.VAT_KEEP, `invoice-${moment.toISOString().slice(0, 10)}.pdf`), response.rawPayload);
    return pdfText(response.rawPayload);
  };
  /** Each page's «Итого» and its VAT line, in kopecks. */
  const vatLines = (text: string) =>
    [...text.matchAll(/Итого:\s+([\d ]+\.\d{2})\s+(?:В том числе НДС \((\d+) %\):\s+([\d ]+\.\d{2})|(Без НДС)\.)/g)].map((match) => ({
      total: Math.round(Number(match[1]!.replace(/ /g, '')) * 100),
      percent: match[4] ? null : Number(match[2]),
      vat: match[3] ? Math.round(Number(match[3].replace(/ /g, '')) * 100) : null,
    }));

  it('20 % on 31.12.2025 and 22 % on 01.01.2026 (Moscow days), the amount rounded once from the total', async () => {
    // 23:30 in Moscow on 31 December is still 2025; 00:30 on 1 January is 2026.
    const old = vatLines(await invoiceOn(new Date('2025-12-31T20:30:00Z')));
    expect(old.map((line) => line.percent)).toEqual([20, 20]);
    for (const line of old) expect(line.vat).toBe(Math.round((line.total * 20) / 120));
    const text = await invoiceOn(new Date('2025-12-31T21:30:00Z'));
    expect(text).toMatch(/от 01\.01\.2026/);
    const current = vatLines(text);
    expect(current.map((line) => line.percent)).toEqual([22, 22]);
    for (const line of current) expect(line.vat).toBe(Math.round((line.total * 22) / 122));
  });

  it('prints «Без НДС» for a seller without VAT, the other seller keeping its rate', async () => {
    try {
      expect((await put({ seller: ORGANISATION.ES, from: '2026-01-01', percent: null })).statusCode).toBe(200);
      const text = await invoiceOn(new Date('2026-11-27T09:00:00Z'));
      const pages = text.split('\f').filter((page) => page.includes('Счёт на оплату'));
      expect(pages).toHaveLength(2);
      const es = pages.find((page) => page.includes('Поставщик:') && /Поставщик:\s+ООО «ЭС»/.test(page))!;
      const fro = pages.find((page) => /Поставщик:\s+ООО «ФРО»/.test(page))!;
      expect(es).toContain('Без НДС');
      expect(es).not.toContain('В том числе НДС');
      expect(fro).toMatch(/В том числе НДС \(22 %\)/);
    } finally {
      await restoreSeededTable();
    }
  });

  it('refuses to print (409, in Russian) when a seller’s table does not cover the day', async () => {
    try {
      expect((await put({ seller: ORGANISATION.FRO, from: '2026-06-01', percent: 22 })).statusCode).toBe(200);
      await t.app.db.update(orders).set({ createdAt: new Date('2026-03-02T09:00:00Z') }).where(eq(orders.id, orderId));
      const response = await t.app.inject({ url: `/api/order/print?id=${orderId}&name=invoice`, headers: demo });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe(
        'Ставка НДС продавца ООО «ФРО» на 02.03.2026 не задана: администратор портала задаёт её командой vat:set или через API интеграции.',
      );
    } finally {
      await restoreSeededTable();
    }
  });
});

/**
 * One truth for money, as a property: for generated orders (products with statuses and discount caps, offers with
 * stock and size surcharges from two organisations, placeholder offers, contracts with discounts and each its own
 * price type, a carrier delivery or none), «Ваша цена» as the prices API, the product search and the size grid's data
 * show it, the web's working order, the order the server stores, the lines and totals printed on its invoices and the
 * total of a proposal at the same discounts agree to the kopeck.
 */
import { blankOrder, contractsOf, offersOrPlaceholder, payloadOf, type TCompany, type TProductSearchResult } from '@portal/contracts';
import { ORGANISATION, PRICE_TYPE, formatAmount, toKopecks } from '@portal/domain';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positionFor } from '../../../../web/src/features/orders/model/positions';
import { addPositions } from '../../../../web/src/features/orders/model/working-order';
import { partners } from '../../../src/db/schema';
import { DEMO_PARTNERS } from '../../../src/seed/people';
import { createTestApp, signInAs, type TestApp } from '../../support/helper';
import { pdfText } from '../../support/pdf';
import { insertProduct } from './fixtures';

let t: TestApp;
let demo: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp(process.env.MONEY_LOG ? { LOG_LEVEL: 'error' } : {});
  demo = await signInAs(t.app, 'demo');
});
afterAll(async () => {
  await t.close();
});

/** The text of a PDF answer, spaces collapsed. */
const pdfWords = (bytes: Buffer) => pdfText(bytes).replace(/\s+/g, ' ');

const kopecksOf = (text: string) => Math.round(Number(text.replace(/ /g, '')) * 100);

const productArb = fc.record({
  status: fc.constantFrom('', '', 'Outlet', 'Activity'),
  maxDiscount: fc.constantFrom(0, 0, 5, 7.5),
  priceOptKopecks: fc.integer({ min: 100, max: 5_000_000 }),
  markupKopecks: fc.integer({ min: 0, max: 2_000_000 }),
  organisation: fc.constantFrom(ORGANISATION.FRO, ORGANISATION.ES),
  sizes: fc.array(fc.record({ stock: fc.integer({ min: 0, max: 6 }), surchargeKopecks: fc.integer({ min: 0, max: 50_000 }), asked: fc.integer({ min: 1, max: 9 }) }), {
    minLength: 0,
    maxLength: 3,
  }),
  askedWithoutOffers: fc.integer({ min: 1, max: 5 }),
});

const priceTypeArb = fc.constantFrom(PRICE_TYPE.DEFAULT, PRICE_TYPE.DEALER, PRICE_TYPE.BASE);
const orderArb = fc.record({
  // Each contract its own price type: a product without offers is priced by FRO's (its placeholder's), not the first's.
  priceTypeFro: priceTypeArb,
  priceTypeEs: priceTypeArb,
  discountFro: fc.integer({ min: 0, max: 3000 }).map((hundredths) => hundredths / 100),
  discountEs: fc.integer({ min: 0, max: 3000 }).map((hundredths) => hundredths / 100),
  products: fc.array(productArb, { minLength: 1, maxLength: 3 }),
  delivery: fc.oneof(
    fc.constant({ case: 'pickup' as const, cost: 0 }),
    fc.integer({ min: 0, max: 5_000_000 }).map((kopecks) => ({ case: 'other' as const, cost: kopecks / 100 })),
  ),
});

describe('one truth for money', () => {
  it('the web working order, the stored order, the invoices and the proposal agree to the kopeck', async () => {
    const [specsnab] = await t.app.db.select({ id: partners.id }).from(partners).where(eq(partners.uid, DEMO_PARTNERS.SPECSNAB));
    let run = 0;
    await fc.assert(
      fc.asyncProperty(orderArb, async (generated) => {
        run += 1;
        // The company's contracts: a price type and a discount per organisation.
        for (const [org, discount, priceType] of [
          [ORGANISATION.FRO, generated.discountFro, generated.priceTypeFro],
          [ORGANISATION.ES, generated.discountEs, generated.priceTypeEs],
        ] as const) {
          await t.app.db.execute(
            `UPDATE storages SET discount = ${discount}, price_type = '${priceType}' WHERE partner_id = ${specsnab!.id} AND guid = '${org}'`,
          );
        }
        const companies: TCompany[] = (await t.app.inject({ url: '/api/partners', headers: demo })).json().response;
        const company = companies.find((candidate) => candidate.uid === DEMO_PARTNERS.SPECSNAB)!;

        // The web: search each product as the add-position modal does and add it to a blank working order. What each
        // screen shows as «Ваша цена» is kept by offer guid (the placeholder's is the product's uid).
        const positions = [];
        const shown = new Map<string, number[]>();
        const show = (guid: string, roubles: number | undefined) => shown.set(guid, [...(shown.get(guid) ?? []), toKopecks(roubles ?? Number.NaN)]);
        for (const spec of generated.products) {
          const priceOpt = spec.priceOptKopecks / 100;
          const fixture = await insertProduct(t.app.db, {
            status: spec.status,
            maxDiscount: spec.maxDiscount,
            priceOpt,
            price: (spec.priceOptKopecks + spec.markupKopecks) / 100,
            offers: spec.sizes.map((size, index) => ({
              characteristic: String(40 + 2 * index),
              residue: size.stock,
              price: (spec.priceOptKopecks + size.surchargeKopecks) / 100,
              orgGuid: spec.organisation,
            })),
          });
          const search = await t.app.inject({
            url: '/api/product/search',
            query: { QUERY: fixture.uid, OPTION: '9', PARTNER: company.uid },
            headers: demo,
          });
          expect(search.statusCode, `search: ${search.body}`).toBe(200);
          const result: TProductSearchResult = search.json().response;
          // The product search, the size grid's data (the same search by the product's id) and the prices API of the
          // catalogue's cards.
          const grid: TProductSearchResult = (
            await t.app.inject({ url: '/api/product/search', query: { QUERY: String(result.PRODUCT.ID), OPTION: '9', PARTNER: company.uid }, headers: demo })
          ).json().response;
          const prices = (await t.app.inject({ url: '/api/product/prices', query: { IDS: String(result.PRODUCT.ID), PARTNER: company.uid }, headers: demo })).json().response;
          for (const answer of [result, grid]) {
            for (const offer of offersOrPlaceholder(answer.OFFERS, answer.PRODUCT)) show(offer.GUID, offer.PRICE_NET);
          }
          if (result.OFFERS.length === 0) show(fixture.uid, prices.PRICES[0]?.PRICE_NET);
          const counts = new Map(
            result.OFFERS.length > 0
              ? result.OFFERS.map((offer) => [offer.GUID, spec.sizes[Number((Number(offer.CHARACTERISTIC) - 40) / 2)]!.asked] as const)
              : [[fixture.uid, spec.askedWithoutOffers] as const],
          );
          positions.push(positionFor(result, counts, company.storages)!);
        }
        const web = addPositions(
          { ...blankOrder(), partner_id: company.uid, delivery: { address: 'Москва', case: generated.delivery.case, date: '', cost: generated.delivery.cost, bill_to: '' } },
          positions,
          contractsOf(company.storages),
          1_700_000_000_000 + run,
        );

        // The server: the order it stores from what the web sends.
        const submitted = await t.app.inject({ method: 'POST', url: '/api/order/add', headers: { ...demo, 'idempotency-key': `money-${run}-${Date.now()}` }, payload: payloadOf(web) });
        expect(submitted.statusCode, `order: ${submitted.body}`).toBe(200);
        const id = submitted.json().response.id;
        expect(submitted.json().response.message).not.toMatch(/Цены пересчитаны/);
        const detail = (await t.app.inject({ url: `/api/user/order/${id}`, headers: demo })).json().response;
        // Every price shown is the price the web's working order and the stored order charge, to the kopeck.
        type Line = { GUID: string; PRICE: number };
        const linesOf = (order: { position: Array<{ characteristics: Line[] }>; position_presail: Array<{ characteristics: Line[] }> }) =>
          [...order.position, ...order.position_presail].flatMap((position) => position.characteristics);
        const stored = linesOf(detail);
        for (const line of linesOf(web)) {
          expect(shown.get(line.GUID), `shown prices of ${line.GUID}`).toEqual(shown.get(line.GUID)!.map(() => toKopecks(line.PRICE)));
          for (const part of stored.filter((candidate) => candidate.GUID === line.GUID)) expect(toKopecks(part.PRICE)).toBe(toKopecks(line.PRICE));
        }
        expect(stored.length).toBeGreaterThan(0);
        expect(toKopecks(detail.total)).toBe(toKopecks(web.total));
        expect(toKopecks(detail.total_discount)).toBe(toKopecks(web.total_discount));
        expect(detail.total_count).toBe(web.total_count);
        const presale = (list: Array<{ characteristics: Array<{ count: number }> }>) => list.flatMap((p) => p.characteristics).reduce((s, l) => s + l.count, 0);
        expect(presale(detail.position_presail)).toBe(presale(web.position_presail));
        const checksTotal = detail.checks.reduce((sum: number, check: { total: number }) => sum + toKopecks(check.total), 0);
        expect(checksTotal).toBe(toKopecks(detail.total));

        // The invoices: each check bills what is in stock (pre-order units after arrival, reservation.ts); what each
        // prints as «Всего к оплате» adds up to the order's total less its pre-order part. A check wholly on pre-order
        // gets no page, and an order wholly on pre-order no invoice yet.
        const preorderKopecks = detail.position_presail
          .flatMap((position: { characteristics: Array<{ PRICE: number; count: number }> }) => position.characteristics)
          .reduce((sum: number, line: { PRICE: number; count: number }) => sum + toKopecks(line.PRICE) * line.count, 0);
        const billedChecks = detail.checks.filter((check: { status: number }) => check.status !== 5);
        const invoice = await t.app.inject({ url: `/api/order/print?id=${id}&name=invoice`, headers: demo });
        if (billedChecks.length === 0) {
          expect(invoice.statusCode, `invoice: ${invoice.body}`).toBe(400);
          expect(invoice.json().error.message).toMatch(/под заказ, без резерва/);
        } else {
          expect(invoice.statusCode, `invoice: ${invoice.body}`).toBe(200);
          const invoiceText = pdfWords(invoice.rawPayload);
          const printed = [...invoiceText.matchAll(/Всего к оплате: ([\d ]+\.\d{2})/g)].map((match) => kopecksOf(match[1]!));
          // Each line in stock is printed at its stored price.
          for (const line of detail.position.flatMap((position: { characteristics: Line[] }) => position.characteristics)) {
            expect(invoiceText).toContain(formatAmount(line.PRICE).replace(/\u202f/g, ' '));
          }
          expect(printed).toHaveLength(billedChecks.length);
          // A check wholly on pre-order is billed after arrival with the carrier delivery it carries (its total less its goods).
          type PresaleLine = { PRICE: number; count: number; ORGGUID: string };
          const presaleLines: PresaleLine[] = detail.position_presail.flatMap((position: { characteristics: PresaleLine[] }) => position.characteristics);
          const deliveryLeft = detail.checks
            .filter((check: { status: number }) => check.status === 5)
            .reduce((sum: number, check: { org: string; total: number }) => {
              const goods = presaleLines.filter((line) => line.ORGGUID === check.org).reduce((total, line) => total + toKopecks(line.PRICE) * line.count, 0);
              return sum + toKopecks(check.total) - goods;
            }, 0);
          expect(printed.reduce((total, kopecks) => total + kopecks, 0)).toBe(toKopecks(detail.total) - preorderKopecks - deliveryLeft);
        }

        // The proposal: the same lines with the same discount as the dealer's own discount give the same goods total.
        const proposal = await t.app.inject({
          method: 'POST',
          url: '/api/services/proposal/add',
          headers: demo,
          payload: {
            offer: {
              executorUID: company.uid,
              customer: 'ООО «Проверка»',
              date: '2026-11-23',
              position: [...web.position, ...web.position_presail].map((position) => ({
                guid: position.guid,
                characteristics: position.characteristics.map((line) => ({ guid: line.GUID, quantity: line.count })),
                markup: { kind: 'percent', value: -(position.characteristics[0]!.discount), add_sum: 0 },
              })),
            },
            additionally: {},
            header: false,
            banner: false,
            as: 'PDF',
            portrait: true,
          },
        });
        expect(proposal.statusCode, `proposal: ${proposal.body}`).toBe(200);
        const proposalTotal = /Итого к оплате ([\d ]+\.\d{2}) ₽/.exec(pdfWords(proposal.rawPayload))?.[1];
        const deliveryKopecks = generated.delivery.case === 'other' ? toKopecks(generated.delivery.cost) : 0;
        expect(kopecksOf(proposalTotal ?? 'NaN')).toBe(toKopecks(web.total) - deliveryKopecks);
      }),
      { numRuns: Number(process.env.MONEY_RUNS ?? 12), ...(process.env.MONEY_EXAMPLE ? { examples: [[JSON.parse(process.env.MONEY_EXAMPLE)]] } : {}) },
    );
  }, 600_000);
});

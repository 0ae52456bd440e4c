import type { TCompany } from '@portal/contracts';
import { PRICE_TYPE, companyWarnings, contractCredit, contractDataProblems, documentTerm, moscowDay, toKopecks } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MANAGERS, DEMO_PARTNERS } from '../../../src/seed/people';
import { createTestApp, signInAs, type TestApp } from '../../support/helper';

let t: TestApp;
let demo: Record<string, string>;
let demo2: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  demo = await signInAs(t.app, 'demo');
  demo2 = await signInAs(t.app, 'demo2');
});
afterAll(() => t.close());

describe('GET /api/partners', () => {
  it("answers demo's two companies with both contracts, their documents and the manager", async () => {
    const response = await t.app.inject({ url: '/api/partners', headers: demo });
    expect(response.statusCode).toBe(200);
    const companies = response.json().response;
    expect(companies.map((c: { uid: string }) => c.uid)).toEqual([DEMO_PARTNERS.SPECSNAB, DEMO_PARTNERS.PETROV]);
    const [specsnab, petrov] = companies;
    expect(specsnab.name).toMatch(/^Общество с ограниченной ответственностью/);
    expect(petrov.name).toMatch(/^Индивидуальный предприниматель/);
    expect(specsnab.managerName).toBe('Смирнова Анна Сергеевна');
    expect(specsnab.managerUid).toBe(DEMO_MANAGERS.SMIRNOVA);
    expect(specsnab.inn).toBe('7707083893');
    for (const company of companies) {
      expect(company.storages.map((s: { name: string }) => s.name).sort()).toEqual(['ФРО', 'ЭС']);
      for (const storage of company.storages) {
        expect(storage.documents.length).toBeGreaterThan(0);
        expect(typeof storage.debt).toBe('number');
        expect(storage.base_discount).toBeTypeOf('number');
      }
    }
    expect(specsnab.storages[0].pricetype).toBe(PRICE_TYPE.DEALER);
    expect(petrov.storages.find((s: { date: number }) => s.date < 0)).toBeDefined();
  });

  it('demo contracts are coherent — documents add up to the debt — and dated from today: overdue, due soon and in time', async () => {
    const today = moscowDay(Date.now());
    const companies: TCompany[] = [
      ...(await t.app.inject({ url: '/api/partners', headers: demo })).json().response,
      ...(await t.app.inject({ url: '/api/partners', headers: demo2 })).json().response,
    ];
    const terms = new Set<string>();
    for (const storage of companies.flatMap((company) => company.storages)) {
      expect(contractDataProblems(storage)).toEqual([]);
      const documentsDebt = storage.documents.reduce((sum, document) => sum + toKopecks(document.debt), 0);
      expect(documentsDebt).toBe(toKopecks(storage.debt));
      expect(toKopecks(storage.balance)).toBe(toKopecks(storage.limit) - toKopecks(storage.debt));
      for (const document of storage.documents) terms.add(documentTerm(document, today));
    }
    expect([...terms]).toEqual(expect.arrayContaining(['overdue', 'due-soon', 'current', 'paid']));

    const [specsnab, petrov] = companies;
    // СпецСнаб has nothing overdue and is «all well»; Петров's FRO debt is above its limit with one document overdue.
    expect(companyWarnings(specsnab!, today)).toEqual([]);
    const fro = contractCredit(petrov!.storages[0]!, 0, today);
    // The debt alone is 7 800 ₽ over the limit; the demo's orders not yet invoiced add to it.
    expect(fro).toMatchObject({ standing: 'debt-over-limit', overLimitBy: 780_000 + toKopecks(petrov!.storages[0]!.pending), overdue: 2_130_000 });
    expect(companyWarnings(petrov!, today).map((warning) => warning.code)).toEqual(
      expect.arrayContaining(['OVERDUE_DEBT', 'DEBT_OVER_LIMIT']),
    );
  });

  it('answers demo2 only its own company', async () => {
    const companies = (await t.app.inject({ url: '/api/partners', headers: demo2 })).json().response;
    expect(companies.map((c: { uid: string }) => c.uid)).toEqual([DEMO_PARTNERS.TECHNOSHIELD]);
  });
});

describe('managers', () => {
  it("answers the manager of one of the user's companies", async () => {
    const response = await t.app.inject({ url: `/api/managers?partnerId=${DEMO_PARTNERS.PETROV}`, headers: demo });
    expect(response.statusCode).toBe(200);
    expect(response.json().response).toEqual([expect.objectContaining({ uid: DEMO_MANAGERS.KUZNETSOV })]);
    const one = await t.app.inject({ url: `/api/manager?id=${DEMO_MANAGERS.SMIRNOVA}`, headers: demo });
    expect(one.json().response.name).toBe('Смирнова Анна Сергеевна');
  });

  it("refuses demo2 the managers of demo's companies", async () => {
    const response = await t.app.inject({ url: `/api/managers?partnerId=${DEMO_PARTNERS.SPECSNAB}`, headers: demo2 });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('FORBIDDEN');
    // Smirnova manages only demo's СпецСнаб.
    const one = await t.app.inject({ url: `/api/manager?id=${DEMO_MANAGERS.SMIRNOVA}`, headers: demo2 });
    expect(one.statusCode).toBe(404);
  });

  it('answers 400 with a message without partnerId, and 404 for an unknown company', async () => {
    const missing = await t.app.inject({ url: '/api/managers', headers: demo });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toMatch(/partnerId/);
    const unknown = await t.app.inject({ url: '/api/managers?partnerId=unknown', headers: demo });
    expect(unknown.statusCode).toBe(404);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORGANISATION } from './constants';
import { contractCredit, contractDataProblems, creditAlerts, documentTerm, type CreditContract, type CreditDocument } from './contract-credit';
import { fromKopecks } from './money';
import { addDays, unixOfDay } from './moscow-day';
import { companyWarnings, type WarnedContract } from './partner-warnings';

const TODAY = '2026-03-10';
const on = (daysFromToday: number) => unixOfDay(addDays(TODAY, daysFromToday));
const doc = (debt: number, daysFromToday: number): CreditDocument => ({ debt, expires: on(daysFromToday) });

describe('documentTerm', () => {
  it('is overdue from the day after the last day to pay, due soon within 7 days, current beyond', () => {
    expect(documentTerm(doc(100, -1), TODAY)).toBe('overdue');
    expect(documentTerm(doc(100, 0), TODAY)).toBe('due-soon');
    expect(documentTerm(doc(100, 7), TODAY)).toBe('due-soon');
    expect(documentTerm(doc(100, 8), TODAY)).toBe('current');
    expect(documentTerm(doc(0, -30), TODAY)).toBe('paid');
    expect(documentTerm({ debt: 100, expires: -1 }, TODAY)).toBe('undated');
  });

  it('reads the last day in Moscow: 23:30 Moscow on 09.03 is 20:30 UTC, still the 9th, so overdue on the 10th', () => {
    const lateEvening = Date.UTC(2026, 2, 9, 20, 30) / 1000;
    expect(documentTerm({ debt: 1, expires: lateEvening }, TODAY)).toBe('overdue');
    // 00:30 Moscow on 10.03 is 21:30 UTC on the 9th: the last day is the 10th, not yet overdue.
    expect(documentTerm({ debt: 1, expires: Date.UTC(2026, 2, 9, 21, 30) / 1000 }, TODAY)).toBe('due-soon');
  });
});

describe('contractCredit', () => {
  it('ИП Петров as reported: a debt above the limit says so, and an empty order exceeds nothing', () => {
    const credit = contractCredit({ limit: 50_000, debt: 57_800, documents: [doc(21_300, -5), doc(16_500, 3), doc(20_000, 20)] }, 0, TODAY);
    expect(credit).toMatchObject({ standing: 'debt-over-limit', overLimitBy: 780_000, available: -780_000, creditLeft: -780_000, limitUsed: 115.6 });
    expect(credit.overdue).toBe(2_130_000);
    expect(credit.dueSoon).toBe(1_650_000);
    expect(creditAlerts(credit).map((alert) => alert.code)).toEqual(['OVERDUE_DEBT', 'DEBT_OVER_LIMIT']);
    expect(creditAlerts(credit)[1]!.message).toBe(
      'Долг 57\u202f800.00 ₽ больше лимита 50\u202f000.00 ₽ на 7\u202f800.00 ₽: новые заказы по договору менеджер согласует после оплаты долга.',
    );
  });

  it('what the portal sent and the back office has not invoiced counts against the limit: the promised rest is what is left after sending', () => {
    const before = contractCredit({ limit: 687_550, debt: 0, documents: [] }, 17_857_800, TODAY);
    expect(before.creditLeft).toBe(50_897_200);
    const after = contractCredit({ limit: 687_550, debt: 0, documents: [], pending: 178_578 }, 0, TODAY);
    expect(after).toMatchObject({ pending: 17_857_800, exposure: 17_857_800, available: before.creditLeft, standing: 'within-limit', limitUsed: 26 });
    const over = contractCredit({ limit: 1000, debt: 600, documents: [], pending: 500 }, 0, TODAY);
    expect(over).toMatchObject({ standing: 'debt-over-limit', available: -10_000, overLimitBy: 10_000 });
    expect(creditAlerts(over)[0]!.message).toBe(
      'Долг с заказами, ещё не выставленными, 1\u202f100.00 ₽ больше лимита 1\u202f000.00 ₽ на 100.00 ₽: новые заказы по договору менеджер согласует после оплаты долга.',
    );
  });

  it('an order that does not fit says by how much', () => {
    const credit = contractCredit({ limit: 1000, debt: 300, documents: [] }, 80_000, TODAY);
    expect(credit).toMatchObject({ standing: 'order-over-limit', available: 70_000, creditLeft: -10_000, overLimitBy: 10_000 });
    expect(creditAlerts(credit)).toEqual([{ code: 'ORDER_OVER_LIMIT', message: expect.stringContaining('на 100.00 ₽') }]);
    expect(contractCredit({ limit: 0, debt: 300, documents: [] }, 80_000, TODAY)).toMatchObject({ standing: 'no-limit', creditLeft: null });
  });

  // Generated contracts: kopeck amounts, documents due from 60 days ago to 60 days ahead (some undated or paid).
  const kopecks = fc.integer({ min: 0, max: 500_000_000 });
  const document = fc.record({
    debt: kopecks.map(fromKopecks),
    expires: fc.oneof(fc.integer({ min: -60, max: 60 }).map(on), fc.constant(-1)),
  });
  const contract: fc.Arbitrary<CreditContract> = fc.record({
    limit: fc.oneof(fc.constant(0), kopecks.map(fromKopecks)),
    debt: kopecks.map(fromKopecks),
    documents: fc.array(document, { maxLength: 8 }),
    pending: fc.option(kopecks.map(fromKopecks), { nil: undefined }),
  });
  /** Coherent back-office data: the documents are a breakdown of the debt, so they add up to no more than it. */
  const coherent = contract.filter((candidate) => contractDataProblems(candidate).length === 0);
  const order = fc.integer({ min: 0, max: 500_000_000 });

  it('overdue debt comes from the contract’s own documents and never exceeds its debt', () => {
    fc.assert(
      fc.property(contract, order, (candidate, orderKopecks) => {
        const credit = contractCredit(candidate, orderKopecks, TODAY);
        expect(credit.overdue).toBeGreaterThanOrEqual(0);
        expect(credit.overdue).toBeLessThanOrEqual(Math.max(0, credit.debt));
        expect(credit.overdue + credit.dueSoon).toBeLessThanOrEqual(Math.max(0, credit.debt));
        const overdueDocuments = candidate.documents.filter((item) => documentTerm(item, TODAY) === 'overdue');
        expect(credit.overdueDocuments).toBe(overdueDocuments.length);
        if (overdueDocuments.length === 0) expect(credit.overdue).toBe(0);
      }),
    );
    fc.assert(
      fc.property(coherent, (candidate) => {
        const overdueDocuments = candidate.documents.filter((item) => documentTerm(item, TODAY) === 'overdue');
        const sum = overdueDocuments.reduce((total, item) => total + Math.round(item.debt * 100), 0);
        expect(contractCredit(candidate, 0, TODAY).overdue).toBe(sum);
      }),
    );
  });

  it('credit left is limit − debt − orders not yet invoiced − order to the kopeck; the exposure alone above the limit says so, an empty order never exceeds it', () => {
    fc.assert(
      fc.property(contract, order, (candidate, orderKopecks) => {
        const credit = contractCredit(candidate, orderKopecks, TODAY);
        const codes = creditAlerts(credit).map((alert) => alert.code);
        if (credit.limit === 0) {
          expect(credit.creditLeft).toBeNull();
          expect(codes).not.toContain('DEBT_OVER_LIMIT');
          expect(codes).not.toContain('ORDER_OVER_LIMIT');
          return;
        }
        const pendingKopecks = Math.round((candidate.pending ?? 0) * 100);
        expect(credit.creditLeft).toBe(Math.round(candidate.limit * 100) - Math.round(candidate.debt * 100) - pendingKopecks - orderKopecks);
        expect(Number.isInteger(credit.creditLeft)).toBe(true);
        if (credit.debt + credit.pending > credit.limit) {
          expect(credit.standing).toBe('debt-over-limit');
          expect(codes).toContain('DEBT_OVER_LIMIT');
          expect(codes).not.toContain('ORDER_OVER_LIMIT');
        }
        expect(contractCredit(candidate, 0, TODAY).standing).not.toBe('order-over-limit');
        if (codes.includes('ORDER_OVER_LIMIT')) expect(orderKopecks).toBeGreaterThan(0);
      }),
    );
  });

  it('a company with an overdue document or a debt above a limit is never «all well»', () => {
    const warned = (storage: CreditContract, discount: number): WarnedContract => ({
      ...storage,
      guid: ORGANISATION.FRO,
      name: 'ФРО',
      contract: 'ДП-1',
      date: on(30),
      deferment: 30,
      case: 'calendar',
      discount,
    });
    fc.assert(
      fc.property(contract, fc.integer({ min: 1, max: 50 }), (candidate, discount) => {
        const company = {
          uid: 'c1',
          name: 'ООО «Альфа»',
          storages: [warned(candidate, discount), { ...warned({ limit: 0, debt: 0, documents: [] }, discount), guid: ORGANISATION.ES, name: 'ЭС' }],
        };
        const credit = contractCredit(candidate, 0, TODAY);
        const codes = companyWarnings(company, TODAY).map((warning) => warning.code);
        expect(codes.includes('OVERDUE_DEBT')).toBe(credit.overdue > 0);
        expect(codes.includes('DEBT_OVER_LIMIT')).toBe(credit.standing === 'debt-over-limit');
        if (credit.overdue > 0 || credit.standing === 'debt-over-limit') expect(codes.length).toBeGreaterThan(0);
      }),
    );
  });
});

describe('contractDataProblems', () => {
  it('refuses documents that owe more than the contract, naming both sums', () => {
    expect(contractDataProblems({ limit: 0, debt: 57_800, documents: [doc(45_000, -3), doc(16_200, 5)] })).toEqual([
      'долги документов вместе (61\u202f200.00 ₽) больше долга договора (57\u202f800.00 ₽): передайте долг договора не меньше суммы документов или уберите оплаченные документы.',
    ]);
    expect(contractDataProblems({ limit: 0, debt: 0, documents: [doc(48_750, -3)] })).toHaveLength(1);
    expect(contractDataProblems({ limit: 100, debt: 61_200, documents: [doc(45_000, -3), doc(16_200, 5)] })).toEqual([]);
  });

  it('refuses negative amounts', () => {
    expect(contractDataProblems({ limit: -1, debt: -5, documents: [doc(-1, 0)] })).toHaveLength(3);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORGANISATION } from './constants';
import { companyWarnings, partnerWarnings, type WarnedCompany, type WarnedContract } from './partner-warnings';

const contract = (guid: string, values: Partial<WarnedContract> = {}): WarnedContract => ({
  guid,
  name: guid === ORGANISATION.FRO ? 'ФРО' : 'ЭС',
  contract: guid === ORGANISATION.FRO ? 'ДП-1 от 01.01.2025' : 'ДП-2 от 01.01.2025',
  date: 1_770_000_000,
  deferment: 30,
  case: 'calendar',
  debt: 10_000,
  limit: 0,
  documents: [],
  discount: 12,
  ...values,
});

/** A company with nothing to warn about: both contracts, dated, equal positive discounts. */
const clean = (storages: WarnedContract[] = [contract(ORGANISATION.FRO), contract(ORGANISATION.ES)]): WarnedCompany => ({
  uid: 'c1',
  name: 'Общество с ограниченной ответственностью «Альфа»',
  storages,
});

/** The day the documents' terms are judged on. */
const TODAY = '2026-03-10';
const warningsOf = (company: WarnedCompany) => companyWarnings(company, TODAY);
const allWarnings = (companies: WarnedCompany[]) => partnerWarnings(companies, TODAY);

const codes = (company: WarnedCompany) => warningsOf(company).map((warning) => warning.code);

describe('partnerWarnings', () => {
  it('warns once when the user has no companies', () => {
    const warnings = allWarnings([]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ code: 'NO_COMPANIES' });
    expect(warnings[0]!.message).toMatch(/не привязана ни одна компания/);
  });

  it('is empty for a clean company', () => {
    expect(allWarnings([clean()])).toEqual([]);
  });

  it('warns about a company without contracts, naming it shortened, and nothing else about it', () => {
    const warnings = warningsOf(clean([]));
    expect(warnings).toEqual([expect.objectContaining({ code: 'NO_CONTRACTS', companyUid: 'c1' })]);
    expect(warnings[0]!.message).toContain('ООО «Альфа»');
  });

  it('keeps the warnings of each company apart', () => {
    const other = { ...clean([]), uid: 'c2' };
    expect(allWarnings([clean(), other]).map((w) => [w.companyUid, w.code])).toEqual([['c2', 'NO_CONTRACTS']]);
  });
});

describe('undated debt on a deferment contract', () => {
  const undated = contract(ORGANISATION.FRO, { date: -1, deferment: 14, case: 'work', debt: 57_800 });

  it('warns when the date is negative, the contract is on deferment and the debt is positive', () => {
    const warnings = warningsOf(clean([undated, contract(ORGANISATION.ES)]));
    expect(warnings.map((w) => w.code)).toEqual(['UNDATED_DEBT']);
    expect(warnings[0]).toMatchObject({ contractGuid: ORGANISATION.FRO });
    expect(warnings[0]!.message).toContain('57\u202f800.00 ₽');
    expect(warnings[0]!.message).toContain('14 дн.');
  });

  it('does not warn when any one of the three conditions is missing', () => {
    expect(codes(clean([{ ...undated, date: 0 }, contract(ORGANISATION.ES)]))).toEqual([]);
    expect(codes(clean([{ ...undated, debt: 0 }, contract(ORGANISATION.ES)]))).toEqual([]);
    expect(codes(clean([{ ...undated, deferment: 0 }, contract(ORGANISATION.ES)]))).toEqual([]);
    expect(codes(clean([{ ...undated, case: 'prepayment' }, contract(ORGANISATION.ES)]))).toEqual([]);
  });
});

describe('discount', () => {
  it('warns about each contract with a discount of 0 or less', () => {
    const warnings = warningsOf(
      clean([contract(ORGANISATION.FRO, { discount: 0 }), contract(ORGANISATION.ES, { discount: 0 })]),
    );
    expect(warnings.map((w) => [w.code, w.contractGuid])).toEqual([
      ['NO_DISCOUNT', ORGANISATION.FRO],
      ['NO_DISCOUNT', ORGANISATION.ES],
    ]);
    expect(warnings[0]!.message).toMatch(/скидка не установлена \(0 %\)/);
  });

  it('counts a negative discount as none, and also as unequal to a positive one', () => {
    expect(codes(clean([contract(ORGANISATION.FRO, { discount: -1 }), contract(ORGANISATION.ES)]))).toEqual([
      'NO_DISCOUNT',
      'UNEQUAL_DISCOUNTS',
    ]);
  });

  it('warns once when the contracts have unequal discounts, listing them', () => {
    const warnings = warningsOf(clean([contract(ORGANISATION.FRO, { discount: 5 }), contract(ORGANISATION.ES, { discount: 7 })]));
    expect(warnings.map((w) => w.code)).toEqual(['UNEQUAL_DISCOUNTS']);
    expect(warnings[0]!.message).toContain('ФРО — 5 %, ЭС — 7 %');
  });
});

describe('required contracts', () => {
  it('warns about a missing FRO contract and a missing ES contract separately', () => {
    const noEs = warningsOf(clean([contract(ORGANISATION.FRO)]));
    expect(noEs.map((w) => [w.code, w.contractGuid])).toEqual([['MISSING_CONTRACT', ORGANISATION.ES]]);
    expect(noEs[0]!.message).toContain('ООО «ЭС»');
    const noFro = warningsOf(clean([contract(ORGANISATION.ES)]));
    expect(noFro.map((w) => [w.code, w.contractGuid])).toEqual([['MISSING_CONTRACT', ORGANISATION.FRO]]);
    expect(noFro[0]!.message).toContain('ООО «ФРО»');
  });

  it('warns about both when only other contracts exist', () => {
    expect(codes(clean([contract('other-org')]))).toEqual(['MISSING_CONTRACT', 'MISSING_CONTRACT']);
  });
});

describe('every condition has its own message', () => {
  it('no two codes share a message, and each message tells what to do', () => {
    const all = [
      ...allWarnings([]),
      ...warningsOf(clean([])),
      ...warningsOf(
        clean([
          contract(ORGANISATION.FRO, { date: -1, discount: 0 }),
          contract('other-org', { discount: 3 }),
        ]),
      ),
    ];
    const byCode = new Map(all.map((w) => [w.code, w.message]));
    expect([...byCode.keys()].sort()).toEqual(
      ['MISSING_CONTRACT', 'NO_COMPANIES', 'NO_CONTRACTS', 'NO_DISCOUNT', 'UNDATED_DEBT', 'UNEQUAL_DISCOUNTS'].sort(),
    );
    expect(new Set(byCode.values()).size).toBe(byCode.size);
    for (const message of byCode.values()) expect(message).toMatch(/менеджер|заказ/);
  });

  it('a company with equal positive discounts, both contracts and dated debts never warns', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.nat(), fc.nat({ max: 1_000_000 }), (discount, date, debt) => {
        const storages = [ORGANISATION.FRO, ORGANISATION.ES].map((org) => contract(org, { discount, date, debt }));
        expect(warningsOf(clean(storages))).toEqual([]);
      }),
    );
  });
});

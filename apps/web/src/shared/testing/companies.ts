/** Companies for component tests: the wire shape of GET /api/partners, with one contract per organisation. */
import type { TCompany, TStorage } from '@portal/contracts';
import { ORGANISATION, PRICE_TYPE, addDays, moscowDay, roleActions, unixOfDay, type CompanyRole } from '@portal/domain';

/** The user's place in a test company: a role and what the domain's table lets it do (an administrator by default). */
export const testMembership = (role: CompanyRole = 'admin') => ({ role, actions: roleActions(role), approvalOverCredit: false });

/** Unix seconds of the day `days` from today in Moscow: documents' terms are judged on today. */
export const fromToday = (days: number) => unixOfDay(addDays(moscowDay(Date.now()), days));

export const testContract = (guid: string, values: Partial<TStorage> = {}): TStorage => ({
  guid,
  name: guid === ORGANISATION.FRO ? 'ФРО' : 'ЭС',
  spent: 0,
  contract: 'ДП-1',
  deferment: 30,
  debt: 0,
  balance: 0,
  discount: 10,
  case: 'calendar',
  limit: 0,
  percent: 0,
  date: 1_770_000_000,
  pricetype: PRICE_TYPE.DEALER,
  base_discount: 0,
  cashback: 0,
  documents: [],
  pending: 0,
  ...values,
});

export const testCompany = (uid: string, name: string, pricetype: string = PRICE_TYPE.DEALER): TCompany => ({
  uid,
  name,
  inn: '7707083893',
  payment: '',
  bik: '',
  correspondent: '',
  address: '',
  city: '',
  email: '',
  phone: '',
  managerName: '',
  managerUid: '',
  storages: [testContract(ORGANISATION.FRO, { pricetype }), testContract(ORGANISATION.ES, { pricetype })],
  ...testMembership(),
});

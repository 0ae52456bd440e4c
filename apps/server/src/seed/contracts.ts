/**
 * The demo companies' contracts and their documents. Coherent as the back office keeps them — a contract's documents
 * are the breakdown of its debt, so they add up to it exactly; balance is limit − debt and percent the debt's share of
 * the limit — and dated from the day of seeding (Moscow), so the demo shows documents overdue, due soon and in time.
 */
import { ORGANISATION, PRICE_TYPE, addDays, toKopecks, unixOfDay } from '@portal/domain';
import type { TIntegrationPartner } from '@portal/contracts';

/** A document of a demo contract: its debt (roubles) and its last day to pay, counted from the seed's day. */
interface DemoDocument {
  number: string;
  debt: number;
  /** Days from the seed's day to the last day to pay (negative: overdue). */
  due: number;
  /** Days between the document's date and its last day to pay. */
  deferment: number;
}

interface DemoContract {
  partner: 'specsnab' | 'petrov' | 'technoshield';
  guid: string;
  contract: string;
  spent: number;
  deferment: number;
  case: 'calendar' | 'work' | 'prepayment';
  limit: number;
  discount: number;
  priceType: string;
  baseDiscount?: number;
  cashback?: number;
  /** The contract's payment date in days from the seed's day; null: none set (shown as --.--.----). */
  paymentDate: number | null;
  documents: DemoDocument[];
}

export const DEMO_CONTRACTS: DemoContract[] = [
  // СпецСнаб: a healthy dealer on dealer prices — one document due within the week, the rest in time.
  {
    partner: 'specsnab', guid: ORGANISATION.FRO, contract: 'ДП-2024/117 от 10.01.2024', spent: 1_845_300.5, deferment: 30,
    case: 'calendar', limit: 1_000_000, discount: 12, priceType: PRICE_TYPE.DEALER, baseDiscount: 5, cashback: 1.5, paymentDate: 4,
    documents: [
      { number: 'РН-001010', debt: 132_450, due: 4, deferment: 30 },
      { number: 'РН-001011', debt: 180_000, due: 25, deferment: 30 },
    ],
  },
  {
    partner: 'specsnab', guid: ORGANISATION.ES, contract: 'ДП-2024/118 от 10.01.2024', spent: 932_120, deferment: 30,
    case: 'calendar', limit: 500_000, discount: 12, priceType: PRICE_TYPE.DEALER, baseDiscount: 5, cashback: 1.5, paymentDate: 18,
    documents: [
      { number: 'РН-001020', debt: 98_700, due: 18, deferment: 30 },
      { number: 'РН-001021', debt: 0, due: -12, deferment: 30 },
    ],
  },
  // Петров: base prices; a debt above the limit, one document overdue, no payment date set; unequal discounts.
  {
    partner: 'petrov', guid: ORGANISATION.FRO, contract: 'ДП-2025/031 от 03.03.2025', spent: 214_000, deferment: 14,
    case: 'work', limit: 50_000, discount: 5, priceType: PRICE_TYPE.BASE, paymentDate: null,
    documents: [
      { number: 'РН-001030', debt: 21_300, due: -6, deferment: 14 },
      { number: 'РН-001031', debt: 16_500, due: 3, deferment: 14 },
      { number: 'РН-001032', debt: 20_000, due: 12, deferment: 14 },
    ],
  },
  {
    partner: 'petrov', guid: ORGANISATION.ES, contract: 'ДП-2025/032 от 03.03.2025', spent: 88_500, deferment: 0,
    case: 'prepayment', limit: 100_000, discount: 7, priceType: PRICE_TYPE.BASE, paymentDate: 10,
    documents: [{ number: 'РН-001040', debt: 0, due: -20, deferment: 0 }],
  },
  // ТехноЩит (demo2): one company of another user, with one overdue document.
  {
    partner: 'technoshield', guid: ORGANISATION.FRO, contract: 'ДП-2023/250 от 20.11.2023', spent: 3_120_000, deferment: 45,
    case: 'calendar', limit: 2_000_000, discount: 15, priceType: PRICE_TYPE.DEALER, paymentDate: 6,
    documents: [
      { number: 'РН-001050', debt: 85_000, due: -10, deferment: 45 },
      { number: 'РН-001051', debt: 155_000, due: 6, deferment: 45 },
      { number: 'РН-001052', debt: 400_000, due: 30, deferment: 45 },
    ],
  },
  {
    partner: 'technoshield', guid: ORGANISATION.ES, contract: 'ДП-2023/251 от 20.11.2023', spent: 1_010_000, deferment: 45,
    case: 'calendar', limit: 1_000_000, discount: 15, priceType: PRICE_TYPE.DEALER, paymentDate: 60,
    documents: [{ number: 'РН-001060', debt: 0, due: -30, deferment: 45 }],
  },
];

/** The debt of a demo contract: the sum of its documents, in kopecks and back. */
export const demoContractDebt = (contract: DemoContract) =>
  contract.documents.reduce((sum, document) => sum + toKopecks(document.debt), 0) / 100;

/**
 * The demo contracts of one company as the ERP sends them (its `storages`), dated from `today` (a Moscow day): the
 * back office's coherent figures — balance is limit − debt, percent the debt's share of the limit.
 */
export function demoStorages(partner: DemoContract['partner'], today: string): TIntegrationPartner['storages'] {
  const dayOf = (days: number) => unixOfDay(addDays(today, days));
  return DEMO_CONTRACTS.filter((demo) => demo.partner === partner).map((demo) => {
    const debt = demoContractDebt(demo);
    return {
      guid: demo.guid,
      name: demo.guid === ORGANISATION.FRO ? 'ФРО' : 'ЭС',
      contract: demo.contract,
      spent: demo.spent,
      deferment: demo.deferment,
      debt,
      balance: (toKopecks(demo.limit) - toKopecks(debt)) / 100,
      discount: demo.discount,
      case: demo.case,
      limit: demo.limit,
      percent: demo.limit > 0 ? Math.round((debt / demo.limit) * 1000) / 10 : 0,
      date: demo.paymentDate === null ? -1 : dayOf(demo.paymentDate),
      pricetype: demo.priceType,
      base_discount: demo.baseDiscount ?? 0,
      cashback: demo.cashback ?? 0,
      documents: demo.documents.map((document) => ({
        date: dayOf(document.due - document.deferment),
        number: document.number,
        debt: document.debt,
        expires: dayOf(document.due),
      })),
    };
  });
}

/**
 * Demo people and companies (fixed: tests and outside checks rely on them):
 *   demo / demo1234     two companies — an ООО and an ИП — each with FRO and ES contracts, debts, documents, a manager
 *                       (the contracts and their documents: ./contracts.ts);
 *                       — its administrator in both;
 *   buyer / demo1234    purchaser (Закупщик) of ООО «СпецСнаб» with an order limit of 50 000 ₽;
 *   accountant / demo1234  accountant (Бухгалтер) of both of demo's companies;
 *   demo2 / demo1234    one other company, sharing nothing with demo;
 *   blocked / demo1234  a blocked user.
 * Sent as the ERP sends them (managers, price types, companies with their contracts) and created as the operators'
 * `user:create --partner` creates users; a login already there is left as it is, its password and sessions included.
 */
import type { TIntegrationPartner, TIntegrationUser } from '@portal/contracts';
import { PRICE_TYPE_NAMES, moscowDay } from '@portal/domain';
import type { Db } from '../db/client';
import { userIdByLogin } from '../modules/auth';
import { UserExists, createUser, type IntegrationApp } from '../modules/integration';
import { demoStorages } from './contracts';
import { asTheErp, sendBatches } from './erp';

export const DEMO_PASSWORD = 'demo1234';

/** The demo purchaser's limit per order: an order above it waits for an administrator of ООО «СпецСнаб». */
export const DEMO_BUYER_LIMIT_RUBLES = 50_000;

export const DEMO_PARTNERS = {
  SPECSNAB: 'c0a80001-0000-4000-8000-000000000001',
  PETROV: 'c0a80001-0000-4000-8000-000000000002',
  TECHNOSHIELD: 'c0a80001-0000-4000-8000-000000000003',
} as const;

export const DEMO_MANAGERS = {
  SMIRNOVA: 'a11e0001-0000-4000-8000-000000000001',
  KUZNETSOV: 'a11e0001-0000-4000-8000-000000000002',
} as const;

const DEMO_MANAGER_ITEMS = [
  {
    uid: DEMO_MANAGERS.SMIRNOVA,
    name: 'Смирнова Анна Сергеевна',
    position: 'Ведущий менеджер по работе с дилерами',
    email: 'a.smirnova@example.ru',
    phone: '+7 (495) 123-45-67',
  },
  {
    uid: DEMO_MANAGERS.KUZNETSOV,
    name: 'Кузнецов Дмитрий Олегович',
    position: 'Менеджер по работе с партнёрами',
    email: 'd.kuznetsov@example.ru',
    phone: '+7 (812) 765-43-21',
  },
];

/** The demo companies, with their contracts dated from `today` (a Moscow day). */
const demoPartners = (today: string): TIntegrationPartner[] => [
  {
    uid: DEMO_PARTNERS.SPECSNAB,
    name: 'Общество с ограниченной ответственностью «СпецСнаб»',
    inn: '7707083893',
    payment: '40702810938000012345',
    bik: '044525225',
    correspondent: '30101810400000000225',
    address: '125009, г. Москва, ул. Тверская, д. 7, оф. 12',
    city: 'Москва',
    email: 'zakaz@specsnab.example.ru',
    phone: '+7 (495) 987-65-43',
    manager_uid: DEMO_MANAGERS.SMIRNOVA,
    storages: demoStorages('specsnab', today),
  },
  {
    uid: DEMO_PARTNERS.PETROV,
    name: 'Индивидуальный предприниматель Петров Алексей Викторович',
    inn: '500100732259',
    payment: '40802810400000054321',
    bik: '044030653',
    correspondent: '30101810500000000653',
    address: '190000, г. Санкт-Петербург, наб. реки Мойки, д. 40',
    city: 'Санкт-Петербург',
    email: 'petrov.av@example.ru',
    phone: '+7 (921) 555-12-34',
    manager_uid: DEMO_MANAGERS.KUZNETSOV,
    storages: demoStorages('petrov', today),
  },
  {
    uid: DEMO_PARTNERS.TECHNOSHIELD,
    name: 'Акционерное общество «ТехноЩит»',
    inn: '6663003127',
    payment: '40702810716540000777',
    bik: '046577674',
    correspondent: '30101810500000000674',
    address: '620014, г. Екатеринбург, ул. Малышева, д. 51',
    city: 'Екатеринбург',
    email: 'snab@technoshield.example.ru',
    phone: '+7 (343) 222-33-44',
    manager_uid: DEMO_MANAGERS.KUZNETSOV,
    storages: demoStorages('technoshield', today),
  },
];

/** The demo users in the order they are created (their ids follow it); roles where not the administrator. */
const DEMO_USERS: Array<Omit<TIntegrationUser, 'password'>> = [
  { login: 'demo', name: 'Иван', lastname: 'Соколов', patronymic: 'Петрович', email: 'demo@example.ru', phone: '+7 (900) 000-00-01', partners: [DEMO_PARTNERS.SPECSNAB, DEMO_PARTNERS.PETROV] },
  { login: 'demo2', name: 'Мария', lastname: 'Орлова', patronymic: 'Андреевна', email: 'demo2@example.ru', phone: '+7 (900) 000-00-02', partners: [DEMO_PARTNERS.TECHNOSHIELD] },
  { login: 'blocked', name: 'Олег', lastname: 'Заблокированный', blocked: true },
  {
    login: 'buyer', name: 'Сергей', lastname: 'Васильев', patronymic: 'Игоревич', email: 'buyer@example.ru', phone: '+7 (900) 000-00-03',
    partners: [DEMO_PARTNERS.SPECSNAB],
    roles: [{ partner: DEMO_PARTNERS.SPECSNAB, role: 'buyer', order_limit: DEMO_BUYER_LIMIT_RUBLES }],
  },
  {
    login: 'accountant', name: 'Елена', lastname: 'Морозова', patronymic: 'Викторовна', email: 'accountant@example.ru', phone: '+7 (900) 000-00-04',
    partners: [DEMO_PARTNERS.SPECSNAB, DEMO_PARTNERS.PETROV],
    roles: [
      { partner: DEMO_PARTNERS.SPECSNAB, role: 'accountant', order_limit: null },
      { partner: DEMO_PARTNERS.PETROV, role: 'accountant', order_limit: null },
    ],
  },
];

/** The demo users' ids by login (those created so far): the demo's people are the seed's callers. */
export async function demoUserIds(db: Db): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const { login } of DEMO_USERS) {
    const id = await userIdByLogin(db, login);
    if (id !== null) ids.set(login, id);
  }
  return ids;
}

/** A demo company's full name, as its documents name the buyer. */
export const demoPartnerName = (uid: string): string | undefined => demoPartners('2026-01-01').find((partner) => partner.uid === uid)?.name;

export async function seedPeople(db: Db, now: Date = new Date()): Promise<void> {
  await asTheErp(db, undefined, (app) => sendPeople(app, now));
}

async function sendPeople(app: IntegrationApp, now: Date): Promise<void> {
  await sendBatches(app, 'price-types', Object.entries(PRICE_TYPE_NAMES).map(([id, name]) => ({ id, name })));
  await sendBatches(app, 'managers', DEMO_MANAGER_ITEMS);
  await sendBatches(app, 'partners', demoPartners(moscowDay(now)));
  for (const { login, ...user } of DEMO_USERS) {
    try {
      await createUser(app, login, { ...user, password: DEMO_PASSWORD });
    } catch (error) {
      if (!(error instanceof UserExists)) throw error;
    }
  }
}

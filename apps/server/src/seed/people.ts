/**
 * Demo people and companies (fixed: tests and outside checks rely on them):
 *   demo / demo1234     two companies — an ООО and an ИП — each with FRO and ES contracts, debts, documents, a manager
 *                       (the contracts and their documents: ./contracts.ts);
 *                       — its administrator in both;
 *   buyer / demo1234    purchaser (Закупщик) of ООО «СпецСнаб» with an order limit of 50 000 ₽;
 *   accountant / demo1234  accountant (Бухгалтер) of both of demo's companies;
 *   demo2 / demo1234    one other company, sharing nothing with demo;
 *   blocked / demo1234  a blocked user.
 */
import { PRICE_TYPE_NAMES, moscowDay, toKopecks } from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { managers, partners, priceTypes, userPartners, users } from '../db/schema';
import { seedContracts } from './contracts';
import { hashPassword } from '../modules/auth';

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

/** The seed's clock: contracts and documents are dated from the day the demo is seeded. */
export async function seedPeople(db: Db, now: Date = new Date()): Promise<void> {
  await db
    .insert(priceTypes)
    .values(Object.entries(PRICE_TYPE_NAMES).map(([id, name]) => ({ id, name })))
    .onConflictDoNothing();

  await db
    .insert(managers)
    .values([
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
    ])
    .onConflictDoNothing();
  const managerId = async (uid: string) =>
    (await db.select({ id: managers.id }).from(managers).where(eq(managers.uid, uid)))[0]!.id;
  const smirnova = await managerId(DEMO_MANAGERS.SMIRNOVA);
  const kuznetsov = await managerId(DEMO_MANAGERS.KUZNETSOV);

  await db
    .insert(partners)
    .values([
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
        managerId: smirnova,
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
        managerId: kuznetsov,
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
        managerId: kuznetsov,
      },
    ])
    .onConflictDoNothing();
  const partnerId = async (uid: string) =>
    (await db.select({ id: partners.id }).from(partners).where(eq(partners.uid, uid)))[0]!.id;
  const specsnab = await partnerId(DEMO_PARTNERS.SPECSNAB);
  const petrov = await partnerId(DEMO_PARTNERS.PETROV);
  const technoshield = await partnerId(DEMO_PARTNERS.TECHNOSHIELD);

  await seedContracts(db, { specsnab, petrov, technoshield }, moscowDay(now));

  const password = await hashPassword(DEMO_PASSWORD);
  await db
    .insert(users)
    .values([
      { login: 'demo', passwordHash: password, name: 'Иван', lastname: 'Соколов', patronymic: 'Петрович', email: 'demo@example.ru', phone: '+7 (900) 000-00-01' },
      { login: 'demo2', passwordHash: password, name: 'Мария', lastname: 'Орлова', patronymic: 'Андреевна', email: 'demo2@example.ru', phone: '+7 (900) 000-00-02' },
      { login: 'blocked', passwordHash: password, name: 'Олег', lastname: 'Заблокированный', blocked: true },
      { login: 'buyer', passwordHash: password, name: 'Сергей', lastname: 'Васильев', patronymic: 'Игоревич', email: 'buyer@example.ru', phone: '+7 (900) 000-00-03' },
      { login: 'accountant', passwordHash: password, name: 'Елена', lastname: 'Морозова', patronymic: 'Викторовна', email: 'accountant@example.ru', phone: '+7 (900) 000-00-04' },
    ])
    .onConflictDoNothing();
  const userId = async (login: string) => (await db.select({ id: users.id }).from(users).where(eq(users.login, login)))[0]!.id;
  await db
    .insert(userPartners)
    .values([
      { userId: await userId('demo'), partnerId: specsnab, role: 'admin' },
      { userId: await userId('demo'), partnerId: petrov, role: 'admin' },
      { userId: await userId('buyer'), partnerId: specsnab, role: 'buyer', orderLimitKopecks: toKopecks(DEMO_BUYER_LIMIT_RUBLES) },
      { userId: await userId('accountant'), partnerId: specsnab, role: 'accountant' },
      { userId: await userId('accountant'), partnerId: petrov, role: 'accountant' },
      { userId: await userId('demo2'), partnerId: technoshield, role: 'admin' },
    ])
    .onConflictDoNothing();
}

/**
 * Demo people and companies (fixed: tests and outside checks rely on them):
 *   demo / demo1234     two companies — an ООО and an ИП — each with FRO and ES contracts, debts, documents, a manager;
 *   demo2 / demo1234    one other company, sharing nothing with demo;
 *   blocked / demo1234  a blocked user.
 */
import { ORGANISATION, PRICE_TYPE, PRICE_TYPE_NAMES } from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { managers, partners, priceTypes, storageDocuments, storages, userPartners, users } from '../schema';
import { hashPassword } from '../../modules/auth/password';

export const DEMO_PASSWORD = 'demo1234';

export const DEMO_PARTNERS = {
  SPECSNAB: 'c0a80001-0000-4000-8000-000000000001',
  PETROV: 'c0a80001-0000-4000-8000-000000000002',
  TECHNOSHIELD: 'c0a80001-0000-4000-8000-000000000003',
} as const;

export const DEMO_MANAGERS = {
  SMIRNOVA: 'a11e0001-0000-4000-8000-000000000001',
  KUZNETSOV: 'a11e0001-0000-4000-8000-000000000002',
} as const;

const day = 86400;
/** Seeded dates are fixed, not "now", so the demo reads the same on every run. */
const BASE_DATE = Date.UTC(2026, 0, 15) / 1000;

export async function seedPeople(db: Db): Promise<void> {
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

  const contract = (partner: number, org: string, values: Partial<typeof storages.$inferInsert>) => ({
    partnerId: partner,
    guid: org,
    name: org === ORGANISATION.FRO ? 'ФРО' : 'ЭС',
    ...values,
  });
  await db
    .insert(storages)
    .values([
      // СпецСнаб: a healthy dealer on the dealer price type, equal discounts.
      contract(specsnab, ORGANISATION.FRO, {
        contract: 'ДП-2024/117 от 10.01.2024', spent: 1_845_300.5, deferment: 30, debt: 312_450, balance: 687_550,
        discount: 12, case: 'calendar', limit: 1_000_000, percent: 31.2, date: BASE_DATE + 45 * day,
        priceType: PRICE_TYPE.DEALER, baseDiscount: 5, cashback: 1.5,
      }),
      contract(specsnab, ORGANISATION.ES, {
        contract: 'ДП-2024/118 от 10.01.2024', spent: 932_120, deferment: 30, debt: 98_700, balance: 401_300,
        discount: 12, case: 'calendar', limit: 500_000, percent: 19.7, date: BASE_DATE + 30 * day,
        priceType: PRICE_TYPE.DEALER, baseDiscount: 5, cashback: 1.5,
      }),
      // Петров: base price type, an overdue debt on a contract without a date, unequal discounts.
      contract(petrov, ORGANISATION.FRO, {
        contract: 'ДП-2025/031 от 03.03.2025', spent: 214_000, deferment: 14, debt: 57_800, balance: -7_800,
        discount: 5, case: 'work', limit: 50_000, percent: 115.6, date: -1, priceType: PRICE_TYPE.BASE,
      }),
      contract(petrov, ORGANISATION.ES, {
        contract: 'ДП-2025/032 от 03.03.2025', spent: 88_500, deferment: 0, debt: 0, balance: 100_000,
        discount: 7, case: 'prepayment', limit: 100_000, percent: 0, date: BASE_DATE + 10 * day, priceType: PRICE_TYPE.BASE,
      }),
      // ТехноЩит (demo2): one company of another user.
      contract(technoshield, ORGANISATION.FRO, {
        contract: 'ДП-2023/250 от 20.11.2023', spent: 3_120_000, deferment: 45, debt: 640_000, balance: 1_360_000,
        discount: 15, case: 'calendar', limit: 2_000_000, percent: 32, date: BASE_DATE + 60 * day, priceType: PRICE_TYPE.DEALER,
      }),
      contract(technoshield, ORGANISATION.ES, {
        contract: 'ДП-2023/251 от 20.11.2023', spent: 1_010_000, deferment: 45, debt: 0, balance: 1_000_000,
        discount: 15, case: 'calendar', limit: 1_000_000, percent: 0, date: BASE_DATE + 60 * day, priceType: PRICE_TYPE.DEALER,
      }),
    ])
    .onConflictDoNothing();

  const seededStorages = await db.select({ id: storages.id, partnerId: storages.partnerId, guid: storages.guid }).from(storages);
  const documents = seededStorages.flatMap((storage, i) =>
    [0, 1].map((k) => ({
      storageId: storage.id,
      date: BASE_DATE - (20 + k * 25 + i) * day,
      number: `РН-${String(1000 + i * 10 + k).padStart(6, '0')}`,
      debt: k === 0 ? 45_000 + i * 1_250 : 12_300 + i * 700,
      expires: BASE_DATE - (20 + k * 25 + i) * day + 30 * day,
    })),
  );
  if (documents.length > 0) await db.insert(storageDocuments).values(documents).onConflictDoNothing();

  const password = await hashPassword(DEMO_PASSWORD);
  await db
    .insert(users)
    .values([
      { login: 'demo', passwordHash: password, name: 'Иван', lastname: 'Соколов', patronymic: 'Петрович', email: 'demo@example.ru', phone: '+7 (900) 000-00-01' },
      { login: 'demo2', passwordHash: password, name: 'Мария', lastname: 'Орлова', patronymic: 'Андреевна', email: 'demo2@example.ru', phone: '+7 (900) 000-00-02' },
      { login: 'blocked', passwordHash: password, name: 'Олег', lastname: 'Заблокированный', blocked: true },
    ])
    .onConflictDoNothing();
  const userId = async (login: string) => (await db.select({ id: users.id }).from(users).where(eq(users.login, login)))[0]!.id;
  await db
    .insert(userPartners)
    .values([
      { userId: await userId('demo'), partnerId: specsnab },
      { userId: await userId('demo'), partnerId: petrov },
      { userId: await userId('demo2'), partnerId: technoshield },
    ])
    .onConflictDoNothing();
}

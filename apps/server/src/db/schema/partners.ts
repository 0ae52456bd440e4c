import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, numeric, pgTable, primaryKey, serial, text, unique } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** Money columns: numeric in the database, numbers in code; rules that add money work in kopecks (packages/domain). */
export const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' }).notNull().default(0);

/** Price types of spec §3: Default (empty id), Dealer and Base, with the fixed ids of packages/domain. */
export const priceTypes = pgTable('price_types', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
});

export const managers = pgTable('managers', {
  id: serial('id').primaryKey(),
  uid: text('uid').notNull().unique(),
  name: text('name').notNull(),
  position: text('position').notNull().default(''),
  email: text('email').notNull().default(''),
  phone: text('phone').notNull().default(''),
  photo: text('photo'),
});

/** A counterparty (spec §3 "Company (partner)"). */
export const partners = pgTable('partners', {
  id: serial('id').primaryKey(),
  uid: text('uid').notNull().unique(),
  name: text('name').notNull(),
  inn: text('inn').notNull().default(''),
  payment: text('payment').notNull().default(''),
  bik: text('bik').notNull().default(''),
  correspondent: text('correspondent').notNull().default(''),
  address: text('address').notNull().default(''),
  city: text('city').notNull().default(''),
  email: text('email').notNull().default(''),
  phone: text('phone').notNull().default(''),
  managerId: integer('manager_id').references(() => managers.id, { onDelete: 'set null' }),
  /** The company's administrators chose to hold every order over a contract's credit «На согласовании». */
  approvalOverCredit: boolean('approval_over_credit').notNull().default(false),
});

/**
 * Which users act for which companies, and as whom: every query of partner data goes through this link. The role's
 * allowed actions are the domain's table (packages/domain team/roles.ts).
 */
export const userPartners = pgTable(
  'user_partners',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    /** 'admin' | 'buyer' | 'accountant'; links made before roles existed are administrators. */
    role: text('role').notNull().default('admin'),
    /** A purchaser's limit per order in kopecks: an order above it waits for an administrator. Null: no limit. */
    orderLimitKopecks: bigint('order_limit_kopecks', { mode: 'number' }),
    /** Blocked by the company's administrator: the person no longer acts for this company. */
    blocked: boolean('blocked').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.partnerId] }),
    index('user_partners_partner_idx').on(t.partnerId),
    check('user_partners_role_check', sql`${t.role} in ('admin', 'buyer', 'accountant')`),
    check('user_partners_order_limit_check', sql`${t.orderLimitKopecks} is null or ${t.orderLimitKopecks} >= 0`),
  ],
);

/**
 * A contract of a company with one of the manufacturer's organisations (spec §3 "Storage"). `guid` is that
 * organisation's guid (FRO or ES), the same value offers carry as ORGGUID, so a line's discount comes from the
 * contract with the organisation that ships it.
 */
export const storages = pgTable(
  'storages',
  {
    id: serial('id').primaryKey(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    guid: text('guid').notNull(),
    name: text('name').notNull(),
    spent: money('spent'),
    contract: text('contract').notNull().default(''),
    deferment: integer('deferment').notNull().default(0),
    debt: money('debt'),
    balance: money('balance'),
    discount: numeric('discount', { precision: 6, scale: 2, mode: 'number' }).notNull().default(0),
    /** The deferment case: how the deferment is counted (e.g. 'calendar', 'work', 'prepayment'). */
    case: text('case').notNull().default(''),
    limit: money('limit'),
    percent: numeric('percent', { precision: 6, scale: 2, mode: 'number' }).notNull().default(0),
    /** Unix seconds; negative when the contract has no date. */
    date: bigint('date', { mode: 'number' }).notNull().default(-1),
    priceType: text('price_type')
      .notNull()
      .default('')
      .references(() => priceTypes.id),
    baseDiscount: numeric('base_discount', { precision: 6, scale: 2, mode: 'number' }).notNull().default(0),
    cashback: numeric('cashback', { precision: 6, scale: 2, mode: 'number' }).notNull().default(0),
  },
  (t) => [unique('storages_partner_guid_uq').on(t.partnerId, t.guid)],
);

export const storageDocuments = pgTable(
  'storage_documents',
  {
    id: serial('id').primaryKey(),
    storageId: integer('storage_id')
      .notNull()
      .references(() => storages.id, { onDelete: 'cascade' }),
    date: bigint('date', { mode: 'number' }).notNull(),
    number: text('number').notNull(),
    debt: money('debt'),
    expires: bigint('expires', { mode: 'number' }).notNull(),
  },
  (t) => [index('storage_documents_storage_idx').on(t.storageId), unique('storage_documents_number_uq').on(t.storageId, t.number)],
);

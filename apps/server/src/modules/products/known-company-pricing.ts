/**
 * The companies' pricing asked so far (repo.companyPricing: whether the company is the user's, the user's role in it,
 * its contracts' price types and discounts), on a database whose every change passes through this process (the
 * embedded one: db/table-changes.ts), as the auth module keeps the sessions. Every signed-in priced page and search
 * asks it first; kept here, such a request costs the engine no statement for it — and, while a 1C package's one
 * transaction holds the embedded engine (issue 40), a signed-in dealer's catalogue page and search are answered without
 * waiting for the commit: a package writes goods, offers and pictures, never a company, a contract or a person, so what
 * is kept stays what the database holds. The copy is dropped whole on any statement that may change one of the tables
 * the pricing is read from (or the people and companies whose removal cascades into them). A lookup that began before
 * such a change is not kept (`generation`); nor is an unknown company (it cannot fill the memory).
 */
import { memoryKeptExact, type Db } from '../../db/client';
import * as repo from './products.repository';

export type CompanyPricingRow = NonNullable<Awaited<ReturnType<typeof repo.companyPricing>>>;

/** The tables repo.companyPricing reads, and those whose removals cascade into them. */
const PRICING_TABLES = ['partners', 'user_partners', 'storages', 'users'];

class KnownCompanyPricing {
  private readonly rows = new Map<string, CompanyPricingRow>();
  generation = 0;

  constructor(private readonly limit = 20_000) {}

  forgetAll() {
    this.rows.clear();
    this.generation++;
  }

  get(key: string): CompanyPricingRow | undefined {
    return this.rows.get(key);
  }

  keep(key: string, row: CompanyPricingRow, since: number) {
    if (since !== this.generation) return;
    // The oldest kept goes first (a Map keeps insertion order); it is read again when next asked.
    if (this.rows.size >= this.limit) this.rows.delete(this.rows.keys().next().value as string);
    this.rows.set(key, row);
  }
}

/** Per database: null where changes are not all seen by this process (PostgreSQL), so nothing may be kept. */
const known = new WeakMap<Db, KnownCompanyPricing | null>();

function knownOf(db: Db): KnownCompanyPricing | null {
  let memory = known.get(db);
  if (memory === undefined) {
    memory = memoryKeptExact(db, PRICING_TABLES, () => new KnownCompanyPricing());
    known.set(db, memory);
  }
  return memory;
}

/** repo.companyPricing, from memory where the database allows it. */
export async function companyPricingOf(db: Db, userId: number, partnerUid: string): Promise<CompanyPricingRow | undefined> {
  const memory = knownOf(db);
  const key = `${userId}\u0000${partnerUid}`;
  const kept = memory?.get(key);
  if (kept) return kept;
  const since = memory?.generation ?? 0;
  const row = await repo.companyPricing(db, userId, partnerUid);
  if (row) memory?.keep(key, row, since);
  return row;
}

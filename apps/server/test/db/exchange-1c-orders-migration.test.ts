/**
 * The migration that brings 1C's order exchange marks the orders already placed as taken: they reached the back
 * office by the JSON integration API, so 1C's first query hands out only the orders placed after it.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rawQuery, type Database } from '../../src/db/client';
import { ordersNotTakenByOneC } from '../../src/modules/exchange-1c/sale/sale.repository';
import { createScratchDatabase } from '../support/helper';

const migrations = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/db/migrations');
const MIGRATION = 'exchange_1c_orders';

let database: Database;
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
let before: string;
let userId: number;
let partnerId: number;

async function insertOrder(): Promise<number> {
  const rows = await rawQuery<{ id: number }>(database.db, `insert into orders (user_id, partner_id) values ($1, $2) returning id`, [userId, partnerId]);
  return rows[0]!.id;
}

beforeAll(async () => {
  scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : undefined;
  database = await openDatabase({ dataDir: 'memory://', databaseUrl: scratch?.url, migrate: false });
  const migrate = (folder: string) =>
    database.kind === 'pglite' ? migratePglite(database.db as never, { migrationsFolder: folder }) : migratePg(database.db as never, { migrationsFolder: folder });
  // The migrations before the exchange's: a copy of the folder whose journal stops before it.
  before = mkdtempSync(path.join(os.tmpdir(), 'portal-migrations-'));
  cpSync(migrations, before, { recursive: true });
  const journalFile = path.join(before, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  const at = journal.entries.findIndex((entry) => entry.tag.endsWith(MIGRATION));
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  await migrate(before);
  userId = (await rawQuery<{ id: number }>(database.db, `insert into users (login, password_hash) values ('history', 'x') returning id`))[0]!.id;
  partnerId = (await rawQuery<{ id: number }>(database.db, `insert into partners (uid, name) values ('history-partner', 'ООО «История»') returning id`))[0]!.id;
  await insertOrder();
  await insertOrder();
  await migrate(migrations);
}, 300_000);

afterAll(async () => {
  await database?.close();
  await scratch?.drop();
  if (before) rmSync(before, { recursive: true, force: true });
});

describe('the migration of 1C’s order exchange on a database with orders', () => {
  it('hands 1C none of the orders placed before it, and every order placed after', async () => {
    expect(await ordersNotTakenByOneC(database.db)).toEqual([]);
    const placed = await insertOrder();
    expect(await ordersNotTakenByOneC(database.db)).toEqual([{ id: placed, revision: 1 }]);
  });
});

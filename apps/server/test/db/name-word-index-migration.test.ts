/**
 * Migration 0008 builds the name word index for the products already there: a database at migration 0007 with
 * products, brought to 0008, finds them by name exactly as a substring search of their names does.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { nameKey } from '@portal/domain';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rawQuery, type Database } from '../../src/db/client';
import { findByNameWords } from '../../src/modules/products/products.repository';
import { createScratchDatabase } from '../support/helper';

const migrations = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/db/migrations');
const NAMES = [
  'Костюм рабочий летний «Мастер», серый/синий',
  'Костюм утеплённый "Север" на меху',
  'Ботинки кожаные «Профи» с МП подноском',
  'Перчатки х/б с ПВХ  (10 пар)',
  'Халат рабочий хлопок, белый',
  'Сапоги ПВХ «Тайга»',
];

let database: Database;
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
let before: string;

beforeAll(async () => {
  scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : undefined;
  database = await openDatabase({ dataDir: 'memory://', databaseUrl: scratch?.url, migrate: false });
  const migrate = (folder: string) =>
    database.kind === 'pglite' ? migratePglite(database.db as never, { migrationsFolder: folder }) : migratePg(database.db as never, { migrationsFolder: folder });
  // The migrations up to 0007: a copy of the folder whose journal ends there.
  before = mkdtempSync(path.join(os.tmpdir(), 'portal-migrations-'));
  cpSync(migrations, before, { recursive: true });
  const journalFile = path.join(before, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  journal.entries = journal.entries.filter((entry) => entry.tag < '0008');
  writeFileSync(journalFile, JSON.stringify(journal));
  await migrate(before);
  for (const [i, name] of NAMES.entries()) {
    await rawQuery(
      database.db,
      `insert into products (uid, name, article, article_key, name_key, price, price_opt) values ($1, $2, $3, $3, $4, 100, 90)`,
      [`migration-${i}`, name, `МГР00${i}`, nameKey(name)],
    );
  }
  await migrate(migrations);
}, 300_000);

afterAll(async () => {
  await database?.close();
  await scratch?.drop();
  if (before) rmSync(before, { recursive: true, force: true });
});

describe('migration 0008 on a catalogue that has products', () => {
  it('indexes each product under exactly the words of its name_key', async () => {
    const rows = await rawQuery<{ name_key: string; words: string[] | null }>(
      database.db,
      `select p.name_key, (select array_agg(w.word) from product_name_words x join name_words w on w.id = x.word_id
         where x.product_id = p.id) as words from products p order by p.id`,
    );
    expect(rows).toHaveLength(NAMES.length);
    const sorted = (words: string[]) => [...words].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (const row of rows) expect(sorted(row.words ?? []), row.name_key).toEqual(sorted([...new Set(row.name_key.split(' ').filter(Boolean))]));
  });

  it('finds them by name as a substring search of the names does', async () => {
    for (const words of [['костюм'], ['пвх'], ['рабоч', 'хлоп'], ['х/б'], ['утепленный', 'меху'], ['щщщ']]) {
      const expected = (await rawQuery<{ id: number }>(
        database.db,
        `select id from products where ${words.map((_, i) => `name_key like '%' || $${i + 1} || '%'`).join(' and ')} order by id`,
        words,
      )).map((row) => Number(row.id));
      expect((await findByNameWords(database.db, words, 60)).map((row) => row.id), words.join(' ')).toEqual(expected);
    }
  });

  it('has dropped the trigram index of names and keeps the index current from then on', async () => {
    const indexes = await rawQuery<{ name: string }>(database.db, `select indexname as name from pg_indexes where tablename = 'products'`);
    expect(indexes.map((row) => row.name)).not.toContain('products_name_key_trgm_idx');
    await rawQuery(database.db, `update products set name_key = 'каска защитная' where uid = 'migration-0'`);
    expect((await findByNameWords(database.db, ['каска'], 60)).map((row) => row.article)).toEqual(['МГР000']);
    expect((await findByNameWords(database.db, ['летний'], 60)).map((row) => row.article)).toEqual([]);
  });
});

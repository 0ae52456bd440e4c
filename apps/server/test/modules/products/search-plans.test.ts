/**
 * Search answers from indexes only (issue: never a sequential scan of products, never ORDER BY similarity). The plans
 * of the very statements the server runs are read at a realistic size — 30,000 generated products, ANALYZEd — with
 * the planner's default settings.
 */
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../src/db/client';
import { seedCatalog } from '../../../src/seed/catalog';
import {
  articlePrefixQuery,
  articleSearchStatement,
  findByNameWords,
  nameWordIdsStatement,
  nameWordSearchStatement,
  searchArticlePrefix,
  type Statement,
} from '../../../src/modules/products/products.repository';
import { createTestApp, type TestApp } from '../../support/helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalog(t.app.db, t.app.storage, 30_000);
  await t.app.db.execute(sql`analyze`);
}, 600_000);
afterAll(() => t.close());

type Client = { query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }> };
const client = () => (t.app.db as unknown as { $client: Client }).$client;

async function plan(statement: Statement | SQL): Promise<string> {
  const rows =
    'text' in statement
      ? (await client().query<Record<string, string>>(`explain ${statement.text}`, statement.params)).rows
      : rowsOf<Record<string, string>>(await t.app.db.execute(sql`explain ${statement}`));
  return rows.map((row) => Object.values(row)[0]).join('\n');
}

/** How often the engine planned a prepared statement generically and custom (PGlite's pg_prepared_statements). */
async function preparedPlanCounts(text: string) {
  const [statement] = (
    await client().query<{ generic_plans: number; custom_plans: number }>(
      'select generic_plans, custom_plans from pg_prepared_statements where statement = $1',
      [text],
    )
  ).rows;
  return statement;
}

describe('query plans of product search', () => {
  it('has the realistic size it claims', async () => {
    const n = rowsOf<{ n: number }>(await t.app.db.execute(sql`select count(*)::int as n from products`))[0]?.n;
    expect(n).toBe(30_000);
  });

  it('finds article prefixes through the prefix index, short or long (search and suggestions)', async () => {
    for (const key of ['К', 'КС', 'КСТ1', 'КСТ105А', 'ЯЯЯ']) {
      for (const statement of [articleSearchStatement(key, 20), articlePrefixQuery(t.app.db, key, 10).getSQL()]) {
        const text = await plan(statement);
        expect(text, key).toMatch(/Index Scan using products_article_key_prefix_idx|Bitmap Index Scan on products_article_key_prefix_idx/);
        expect(text, key).not.toMatch(/Seq Scan on products/);
      }
    }
  });

  it('keeps one generic plan for the article search, and that plan is the same index range scan', async () => {
    for (const key of ['К', 'КСТ1', 'КСТ105А']) {
      const { text, params } = articleSearchStatement(key, 20);
      const literals = params.map((value) => (typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`));
      // In a transaction, so PostgreSQL's pool keeps one connection for PREPARE and EXPLAIN.
      const explained = await t.app.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`prepare article_plan_test as ${text}`));
        await tx.execute(sql.raw('set local plan_cache_mode = force_generic_plan'));
        const rows = rowsOf<Record<string, string>>(await tx.execute(sql.raw(`explain execute article_plan_test(${literals.join(', ')})`)));
        await tx.execute(sql.raw('deallocate article_plan_test'));
        return rows.map((row) => Object.values(row)[0]).join('\n');
      });
      expect(explained, key).toMatch(/Index Cond: \(\(article_key ~>=~ \$1\) AND \(article_key ~<~ \$2\)\)/);
      expect(explained, key).toMatch(/Limit/);
      expect(explained, key).not.toMatch(/Seq Scan on products/);
    }
    if (t.app.database.kind === 'pglite') {
      // What the server really ran: its prepared statement, planned generically every time.
      await searchArticlePrefix(t.app.db, 'БТК10', 20);
      const { text } = articleSearchStatement('БТК10', 20);
      const statement = await preparedPlanCounts(text);
      expect(statement?.generic_plans).toBeGreaterThan(0);
      expect(statement?.custom_plans).toBe(0);
    }
  });

  /** The word ids of each query word, as name search looks them up. */
  async function wordIdsOf(words: string[]): Promise<number[][]> {
    const { text, params } = nameWordIdsStatement(words);
    const [row] = (await client().query<Record<string, unknown[]>>(text, params)).rows;
    return words.map((_, i) => (row?.[String(i)] ?? []).map(Number));
  }

  /** The generic plan of a prepared statement, as PostgreSQL keeps it. */
  async function genericPlan(name: string, text: string, params: unknown[]): Promise<string> {
    const literals = params.map((value) =>
      typeof value === 'number' ? String(value) : Array.isArray(value) ? `'{${value.join(',')}}'` : `'${String(value).replace(/'/g, "''")}'`,
    );
    // In a transaction, so PostgreSQL's pool keeps one connection for PREPARE and EXPLAIN.
    return t.app.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`prepare ${name} as ${text}`));
      await tx.execute(sql.raw('set local plan_cache_mode = force_generic_plan'));
      const rows = rowsOf<Record<string, string>>(await tx.execute(sql.raw(`explain execute ${name}(${literals.join(', ')})`)));
      await tx.execute(sql.raw(`deallocate ${name}`));
      return rows.map((row) => Object.values(row)[0]).join('\n');
    });
  }

  it('finds name words through the word index, common or rare, one word or several, range of ids by range', async () => {
    for (const words of [['костюм'], ['бот'], ['костюм', 'летний'], ['ботинки', 'мастер', 'кожаные'], ['перчатки'], ['ост', 'тай']]) {
      const wordIds = await wordIdsOf(words);
      expect(wordIds.every((ids) => ids.length > 0), words.join(' ')).toBe(true);
      const { text, params } = nameWordSearchStatement(wordIds, 60);
      const explained = await genericPlan('name_plan_test', text, params);
      // A plain or a bitmap scan of the (word, product) key, as the planner's statistics of the moment prefer.
      expect(explained, words.join(' ')).toMatch(/(Index (Only )?Scan using|Bitmap Index Scan on) product_name_words_word_id_product_id_pk/);
      expect(explained, words.join(' ')).toMatch(/Index Cond: \(\(word_id = ANY \(\$1\)\) AND \(product_id >= /);
      expect(explained, words.join(' ')).toMatch(/Function Scan on generate_series/);
      expect(explained, words.join(' ')).toMatch(/^Limit/);
      expect(explained, words.join(' ')).not.toMatch(/Seq Scan on (products|product_name_words)/);
      expect(explained, words.join(' ')).not.toMatch(/similarity|<->/);
    }
    if (t.app.database.kind === 'pglite') {
      // What the server really ran: its prepared statement, planned generically every time.
      await findByNameWords(t.app.db, ['ботинки', 'мастер'], 60);
      const { text } = nameWordSearchStatement([[0], [0]], 60);
      const statement = await preparedPlanCounts(text);
      expect(statement?.generic_plans).toBeGreaterThan(0);
      expect(statement?.custom_plans).toBe(0);
    }
  });

  it('looks a word found in no name up in name_words alone', async () => {
    expect(await wordIdsOf(['щщщщ', 'костюм'])).toEqual([[], expect.any(Array)]);
    expect(await findByNameWords(t.app.db, ['щщщщ', 'костюм'], 60)).toEqual([]);
  });

  it('really answers through those plans', async () => {
    const { found, details } = await searchArticlePrefix(t.app.db, 'КСТ1', 20);
    expect(found.length).toBe(20);
    expect(found.every((row) => row.article.replace('-', '').startsWith('КСТ1'))).toBe(true);
    expect(details?.article).toBe(found[0]!.article);
    const exact = await searchArticlePrefix(t.app.db, 'КСТ105А', 20);
    expect(exact.details?.article).toBe('КСТ105А');
    const byName = await findByNameWords(t.app.db, ['ботинки', 'мастер'], 60);
    expect(byName.length).toBe(60);
    expect(byName.map((row) => row.id)).toEqual([...byName.map((row) => row.id)].sort((a, b) => a - b));
    expect(byName.every((row) => /ботинки/i.test(row.name) && /мастер/i.test(row.name))).toBe(true);
  });
});

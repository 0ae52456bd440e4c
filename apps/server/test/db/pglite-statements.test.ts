/**
 * The PGlite statement client, over PGlite on the calling thread and over PGlite on its worker thread (the server's
 * default): each distinct statement is parsed once and then run in one exchange, results keep PGlite's shape, LIKE
 * statements are never prepared, errors leave the database usable, and a statement issued while a transaction is
 * open waits for it instead of running inside it.
 */
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERIC_PLAN, isPrepared, preparedStatementsClient, type StatementClient } from '../../src/db/pglite-statements';
import { callingThreadEngine, type Engine } from '../../src/db/pglite-engine';
import { openPgliteThread } from '../../src/db/pglite-thread';

const SCHEMA = `
    create table stock (id int primary key, article text not null, residue int not null check (residue >= 0),
                        price numeric(14, 2) not null, tags jsonb not null default '[]', at timestamptz not null default now());
    create unique index stock_article_uq on stock (article);
    insert into stock (id, article, residue, price) select i, 'КСТ' || i, 10, i * 1.5 from generate_series(1, 200) i;
    analyze stock;`;

describe.each([
  ['on the calling thread', async (): Promise<Engine> => callingThreadEngine(await PGlite.create())],
  ['on its worker thread', () => openPgliteThread(undefined)],
])('preparedStatementsClient, PGlite %s', (_where, openEngine) => {
  /** PGlite's own query(), on a database of its own with the same rows: what the client's results must equal. */
  let reference: PGlite;
  let engine: Engine;
  let client: StatementClient;
  /** Exchanges sent and not yet answered now, and the most there were at once. */
  const exchanges = { open: 0, most: 0 };

  // Read through the simple protocol, so that looking does not prepare (and evict) anything.
  const preparedNames = async () =>
    (await client.exec('select statement, generic_plans, custom_plans from pg_prepared_statements'))[0]!.rows as Array<{
      statement: string;
      generic_plans: number;
      custom_plans: number;
    }>;

  beforeAll(async () => {
    reference = await PGlite.create();
    await reference.exec(SCHEMA);
    engine = await openEngine();
    const counted: Engine = {
      parsers: engine.parsers,
      serializers: engine.serializers,
      execProtocol: (message, options) => {
        exchanges.most = Math.max(exchanges.most, ++exchanges.open);
        return engine.execProtocol(message, options).finally(() => exchanges.open--);
      },
      holdSession: (callback) => engine.holdSession(callback),
      close: () => engine.close(),
    };
    client = preparedStatementsClient(counted, { maxPrepared: 5 });
    await client.exec(SCHEMA);
  });
  afterAll(async () => {
    await engine.close();
    await reference.close();
  });

  it('parses a statement once and reuses it, with PGlite’s result shape in both row modes', async () => {
    const text = 'select id, article, residue, price, tags from stock where id = $1';
    const first = await client.query<{ id: number; article: string; price: string }>(text, [3]);
    expect(first.rows).toEqual([{ id: 3, article: 'КСТ3', residue: 10, price: '4.50', tags: [] }]);
    expect(first.rows).toEqual((await reference.query(text, [3])).rows);
    expect(first.fields.map((field) => field.name)).toEqual(['id', 'article', 'residue', 'price', 'tags']);
    for (let id = 1; id <= 10; id++) await client.query(text, [id]);
    const asArray = await client.query(text, [7], { rowMode: 'array' });
    expect(asArray.rows).toEqual([[7, 'КСТ7', 10, '10.50', []]]);
    expect(asArray.rows).toEqual((await reference.query(text, [7], { rowMode: 'array' })).rows);
    const statements = (await preparedNames()).filter((row) => row.statement === text);
    expect(statements).toHaveLength(1);
    // PostgreSQL's own choice after five custom plans: the key lookup keeps its generic plan.
    expect(statements[0]!.generic_plans).toBeGreaterThan(0);
  });

  it('applies the caller’s parsers and serialisers, and reports affected rows', async () => {
    const result = await client.query('update stock set tags = $1 where id = any(array[$2::int, $3::int])', [['a', 'b'], 1, 2], {
      serializers: { 3802: (value: unknown) => JSON.stringify(value) },
    });
    expect(result.affectedRows).toBe(2);
    const read = await client.query<{ tags: string }>('select tags from stock where id = $1', [1], { parsers: { 3802: (value: string) => `raw:${value}` } });
    expect(read.rows[0]!.tags).toBe('raw:["a", "b"]');
  });

  it('never prepares a LIKE statement, and keeps only the most recently used statements', async () => {
    expect(isPrepared("select id from stock where article like $1")).toBe(false);
    expect(isPrepared('select id from stock where article ILIKE $1')).toBe(false);
    expect(isPrepared('create table t (id int)')).toBe(false);
    expect(isPrepared('with x as (select 1) select * from x')).toBe(true);
    const like = await client.query<{ id: number }>("select id from stock where article like $1 order by id", ['КСТ1%']);
    expect(like.rows.length).toBeGreaterThan(1);
    expect((await preparedNames()).some((row) => row.statement.includes(' like '))).toBe(false);

    for (let i = 0; i < 8; i++) await client.query(`select ${i} as n, id from stock where id = $1`, [i + 1]);
    expect(client.preparedCount).toBe(5);
    // Evicted statements are closed on the database too, and run again when asked.
    expect((await preparedNames()).length).toBeLessThanOrEqual(6);
    expect((await client.query<{ n: number }>('select 0 as n, id from stock where id = $1', [1])).rows[0]!.n).toBe(0);
  });

  it('plans a GENERIC_PLAN statement generically from the first execution, and only that statement', async () => {
    const text = `${GENERIC_PLAN} select id from stock where article ~>=~ $1 and article ~<~ $2 order by article using ~<~ limit $3`;
    const rows = (await client.query<{ id: number }>(text, ['КСТ10', 'КСТ11', 5])).rows;
    expect(rows.map((row) => row.id)).toEqual([10, 100, 101, 102, 103]);
    await client.query(text, ['КСТ2', 'КСТ3', 5]);
    const [statement] = (await preparedNames()).filter((row) => row.statement === text);
    expect(statement).toMatchObject({ generic_plans: 2, custom_plans: 0 });
    expect((await client.query<{ plan_cache_mode: string }>('show plan_cache_mode')).rows[0]!.plan_cache_mode).toBe('auto');
  });

  it('throws the database error with its code and constraint, and stays usable', async () => {
    const error = await client.query('insert into stock (id, article, residue, price) values ($1, $2, 1, 1)', [1, 'ДУБЛЬ']).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', constraint: 'stock_pkey' });
    const check = await client.query('update stock set residue = residue - $1 where id = $2', [100, 5]).catch((e: unknown) => e);
    expect(check).toMatchObject({ code: '23514' });
    expect((await client.query<{ residue: number }>('select residue from stock where id = $1', [5])).rows[0]!.residue).toBe(10);
  });

  it('rolls a failed transaction back whole', async () => {
    await expect(
      client.transaction(async (tx) => {
        await tx.query('update stock set residue = residue - $1 where id = $2', [3, 10]);
        await tx.query('update stock set residue = residue - $1 where id = $2', [30, 11]);
      }),
    ).rejects.toMatchObject({ code: '23514' });
    const rows = (await client.query<{ residue: number }>('select residue from stock where id = any(array[$1::int, $2::int]) order by id', [10, 11])).rows;
    expect(rows.map((row) => row.residue)).toEqual([10, 10]);
  });

  it('makes a statement issued during a transaction wait for it rather than run inside it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let inside!: () => void;
    const opened = new Promise<void>((resolve) => (inside = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query('update stock set residue = $1 where id = $2', [0, 20]);
      inside();
      await gate;
      await tx.query('update stock set residue = $1 where id = $2', [7, 20]);
    });
    await opened;
    // Issued while the transaction is open: it must see neither the 0 in the middle nor run inside the transaction.
    const outside = client.query<{ residue: number }>('select residue from stock where id = $1', [20]);
    release();
    await transaction;
    expect((await outside).rows[0]!.residue).toBe(7);
  });

  it('sends the statements of concurrent callers without waiting for earlier answers, each answered with its own rows', async () => {
    const text = 'select id, residue from stock where id = $1';
    await client.query(text, [1]);
    exchanges.most = 0;
    const ids = Array.from({ length: 40 }, (_, i) => i + 30);
    const answers = await Promise.all(ids.map((id) => client.query<{ id: number }>(text, [id])));
    expect(answers.map((answer) => answer.rows[0]!.id)).toEqual(ids);
    // One by one behind each answer, there would never be more than one exchange on its way.
    expect(exchanges.most).toBeGreaterThan(1);
  });

  it('keeps the order of concurrent callers: a write sent before a read is seen by it, and a failure stops nobody else', async () => {
    const write = client.query('update stock set residue = $1 where id = $2', [4, 60]);
    const failing = client.query('update stock set residue = residue - $1 where id = $2', [100, 60]).catch((e: unknown) => e);
    const read = client.query<{ residue: number }>('select residue from stock where id = $1', [60]);
    expect((await write).affectedRows).toBe(1);
    expect(await failing).toMatchObject({ code: '23514' });
    expect((await read).rows[0]!.residue).toBe(4);
  });

  it('runs several statements through exec, one result each', async () => {
    const results = await client.exec('select 1 as a; select 2 as b');
    expect(results.map((result) => result.rows)).toEqual([[{ a: 1 }], [{ b: 2 }]]);
  });
});

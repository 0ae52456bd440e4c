/**
 * The statistics round (db/statistics.ts): a table that grew since its statistics is analysed, one that did not is
 * left; the keeper runs a round at its start where the statistics are the server's own (the embedded engine, or
 * PostgreSQL with autovacuum off) and none where autovacuum keeps them.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client';
import { StatisticsKeeper, refreshGrownStatistics, statisticsAreOurs } from '../../src/db/statistics';
import { createTestApp, type TestApp } from '../support/helper';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // Whatever the seed left unanalysed is analysed first: then only what a test grows is.
  await refreshGrownStatistics(t.app.db);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/**
 * Writes rows and flushes the session's change counts to the statistics the round reads before answering. A session
 * reports its counts at most once a second: an insert reported only after the round analysed its table counted as a
 * change since that analysis, and the table was analysed again at the next round (a busy CI run).
 */
const grow = (statement: ReturnType<typeof sql>) =>
  t.app.db.transaction(async (tx) => {
    await tx.execute(statement);
    await tx.execute(sql`select pg_stat_force_next_flush()`);
  });

const rowsPlanned = async (table: string) =>
  rowsOf<{ tuples: number }>(await t.app.db.execute(sql`select reltuples::int as tuples from pg_class where relname = ${table}`))[0]!.tuples;

describe('statistics of grown tables', () => {
  it('analyses a table that grew since its statistics, and only it', async () => {
    await t.app.db.execute(sql`create table statistics_grown (id int)`);
    await t.app.db.execute(sql`create table statistics_same (id int)`);
    await grow(sql`insert into statistics_same select g from generate_series(1, 2000) g`);
    // The empty table has nothing to plan from yet; the filled one is analysed once.
    expect(await refreshGrownStatistics(t.app.db)).toEqual(['statistics_same']);
    await grow(sql`insert into statistics_grown select g from generate_series(1, 5000) g`);
    expect(await refreshGrownStatistics(t.app.db)).toEqual(['statistics_grown']);
    expect(await rowsPlanned('statistics_grown')).toBe(5000);
    expect(await rowsPlanned('statistics_same')).toBe(2000);
  });

  it('vacuums the table it analyses, so the rows an update left dead do not pile up where nothing else vacuums', async () => {
    await t.app.db.execute(sql`create table statistics_updated (id int, stock int)`);
    await t.app.db.execute(sql`insert into statistics_updated select g, 0 from generate_series(1, 5000) g`);
    expect(await refreshGrownStatistics(t.app.db)).toContain('statistics_updated');
    // An update of every row, as orders change stock: every page holds dead rows and is no longer all-visible.
    await t.app.db.execute(sql`update statistics_updated set stock = stock + 1`);
    expect(await refreshGrownStatistics(t.app.db)).toContain('statistics_updated');
    // Only VACUUM marks pages all-visible again (ANALYZE alone counts them and would find none). Judged on the
    // embedded engine, the database with no autovacuum: on PostgreSQL the test server's other sessions may hold a
    // snapshot that keeps some pages from being marked, and its autovacuum may have been there first.
    if (t.app.database.kind !== 'pglite') return;
    const [pages] = rowsOf<{ pages: number; visible: number }>(
      await t.app.db.execute(sql`select relpages as pages, relallvisible as visible from pg_class where relname = 'statistics_updated'`),
    );
    expect(pages!.visible).toBeGreaterThan(0);
    expect(pages!.visible).toBe(pages!.pages);
  });

  it('runs a round at the keeper’s start where the statistics are the server’s own', async () => {
    await grow(sql`insert into statistics_grown select g from generate_series(1, 5000) g`);
    const logged: string[] = [];
    const keeper = new StatisticsKeeper(t.app.database, { info: (_object, message) => logged.push(message), error: (_object, message) => logged.push(message) });
    await keeper.start(3600);
    // Closing waits for the round under way.
    await keeper.close();
    const ours = await statisticsAreOurs(t.app.database);
    expect(await rowsPlanned('statistics_grown')).toBe(ours ? 10_000 : 5000);
    expect(logged).toEqual(ours ? ['statistics refreshed'] : []);
  });

  it('holds off while a 1C package is applied: no table is vacuumed from the cards\' read to the rebuild after it', async () => {
    await t.app.db.execute(sql`create table statistics_during_package (id int)`);
    await grow(sql`insert into statistics_during_package select g from generate_series(1, 3000) g`);
    const index = t.app.catalogIndex;
    const holdOff = () => index.packageUnderWay;
    // Pages answer from the index before the package only once it was built.
    await index.current();
    const during: Array<{ underWay: boolean; analysed: string[] }> = [];
    const round = async () => {
      during.push({ underWay: index.packageUnderWay, analysed: await refreshGrownStatistics(t.app.db, holdOff) });
    };
    // Beside the cards' read (pages read the database between its statements), and in the package's place.
    index.onPackage({ prepare: round, begins: () => () => {} });
    await index.whileApplying(round);
    expect(during).toEqual([
      { underWay: true, analysed: [] },
      { underWay: true, analysed: [] },
    ]);
    expect(await rowsPlanned('statistics_during_package')).toBeLessThan(3000);
    const logged: string[] = [];
    const keeper = new StatisticsKeeper(t.app.database, { info: (_object, message) => logged.push(message), error: (_object, message) => logged.push(message) }, () => true);
    await keeper.start(3600);
    await keeper.close();
    expect(logged).toEqual([]);
    // Once the package is done the next round takes the table.
    expect(index.packageUnderWay).toBe(false);
    expect(await refreshGrownStatistics(t.app.db, holdOff)).toContain('statistics_during_package');
    expect(await rowsPlanned('statistics_during_package')).toBe(3000);
  });

  it('runs none when turned off', async () => {
    await grow(sql`insert into statistics_grown select g from generate_series(1, 5000) g`);
    const logged: string[] = [];
    const keeper = new StatisticsKeeper(t.app.database, { info: (_object, message) => logged.push(message), error: (_object, message) => logged.push(message) });
    await keeper.start(0);
    await keeper.close();
    // A table grew past the rule, yet no round ran (on PostgreSQL its autovacuum may analyse it meanwhile, so the
    // keeper's own word is what is judged).
    expect(logged).toEqual([]);
    if (t.app.database.kind === 'pglite') expect(await rowsPlanned('statistics_grown')).toBe(10_000);
  });
});

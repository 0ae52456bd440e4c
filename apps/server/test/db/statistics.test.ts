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

const rowsPlanned = async (table: string) =>
  rowsOf<{ tuples: number }>(await t.app.db.execute(sql`select reltuples::int as tuples from pg_class where relname = ${table}`))[0]!.tuples;

describe('statistics of grown tables', () => {
  it('analyses a table that grew since its statistics, and only it', async () => {
    await t.app.db.execute(sql`create table statistics_grown (id int)`);
    await t.app.db.execute(sql`create table statistics_same (id int)`);
    await t.app.db.execute(sql`insert into statistics_same select g from generate_series(1, 2000) g`);
    // The empty table has nothing to plan from yet; the filled one is analysed once.
    expect(await refreshGrownStatistics(t.app.db)).toEqual(['statistics_same']);
    await t.app.db.execute(sql`insert into statistics_grown select g from generate_series(1, 5000) g`);
    expect(await refreshGrownStatistics(t.app.db)).toEqual(['statistics_grown']);
    expect(await rowsPlanned('statistics_grown')).toBe(5000);
    expect(await rowsPlanned('statistics_same')).toBe(2000);
  });

  it('runs a round at the keeper’s start where the statistics are the server’s own', async () => {
    await t.app.db.execute(sql`insert into statistics_grown select g from generate_series(1, 5000) g`);
    const logged: string[] = [];
    const keeper = new StatisticsKeeper(t.app.database, { info: (_object, message) => logged.push(message), error: (_object, message) => logged.push(message) });
    await keeper.start(3600);
    // Closing waits for the round under way.
    await keeper.close();
    const ours = await statisticsAreOurs(t.app.database);
    expect(await rowsPlanned('statistics_grown')).toBe(ours ? 10_000 : 5000);
    expect(logged).toEqual(ours ? ['statistics refreshed'] : []);
  });

  it('runs none when turned off', async () => {
    await t.app.db.execute(sql`insert into statistics_grown select g from generate_series(1, 5000) g`);
    const keeper = new StatisticsKeeper(t.app.database, { info: () => {}, error: () => {} });
    await keeper.start(0);
    await keeper.close();
    expect(await rowsPlanned('statistics_grown')).toBe(10_000);
  });
});

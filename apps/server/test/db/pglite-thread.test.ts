/**
 * PGlite on its worker thread: the main thread goes on while a statement runs, the type tables include the arrays
 * PGlite learns at start, data written to a directory is there after a close and a reopen — and after the process
 * was killed — and a closed engine refuses statements with a clear error instead of hanging.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { preparedStatementsClient } from '../../src/db/pglite-statements';
import { callingThreadEngine } from '../../src/db/pglite-engine';
import { openPgliteThread } from '../../src/db/pglite-thread';
import { loopTurnsDuring } from '../support/event-loop';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'portal-pglite-thread-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('PGlite on its worker thread', () => {
  // Starts two engines (the worker and the control): each compiles PGlite and runs initdb, which on a loaded machine
  // takes minutes, hence a limit above the default.
  it('leaves the main thread free while a statement runs', { timeout: 600_000 }, async () => {
    // Counted in turns of the event loop, not in milliseconds, so a busy machine changes the numbers but not the
    // verdict: on the worker thread the main thread turns thousands of times during a 0.4 s statement; PGlite on the
    // calling thread (the control, which shows the measure can fail) holds the loop for the whole statement.
    const engine = await openPgliteThread(undefined);
    try {
      const client = preparedStatementsClient(engine);
      await client.query('select 1');
      expect(await loopTurnsDuring(() => client.query('select pg_sleep(0.4)'))).toBeGreaterThanOrEqual(10);
    } finally {
      await engine.close();
    }
    const inline = await PGlite.create();
    try {
      const client = preparedStatementsClient(callingThreadEngine(inline));
      await client.query('select 1');
      expect(await loopTurnsDuring(() => client.query('select pg_sleep(0.4)'))).toBeLessThanOrEqual(1);
    } finally {
      await inline.close();
    }
  });

  it('starts with the page cache it is given, PostgreSQL’s default otherwise, and reports the memory it holds', async () => {
    const memory: number[] = [];
    for (const [cacheMb, shown] of [[48, '48MB'], [undefined, '128MB']] as const) {
      const engine = await openPgliteThread(undefined, undefined, cacheMb);
      try {
        const client = preparedStatementsClient(engine);
        expect((await client.query<{ shared_buffers: string }>('show shared_buffers')).rows[0]!.shared_buffers).toBe(shown);
        memory.push(await engine.engineMemory());
      } finally {
        await engine.close();
      }
    }
    // The cache is taken when the engine starts: each engine holds more than its cache, the larger cache more memory.
    expect(memory[0]).toBeGreaterThan(48 * 2 ** 20);
    expect(memory[1]).toBeGreaterThan(128 * 2 ** 20);
    expect(memory[1]).toBeGreaterThan(memory[0]!);
  });

  it('keeps nothing of the answers it has handed over', async () => {
    // 2,000 answers of 200 rows (~5 MB of rows): an engine thread that kept each answer's messages (PGlite's
    // execProtocolRaw does) grows by ~110 MB; one that keeps nothing stays within its young generation.
    const engine = await openPgliteThread(undefined);
    try {
      const client = preparedStatementsClient(engine);
      const statement = "select g, repeat('x', 100) as filler from generate_series(1, 200) g";
      expect((await client.query(statement)).rows).toHaveLength(200);
      const before = await engine.heapUsed();
      for (let i = 0; i < 2000; i++) await client.query(statement);
      expect((await engine.heapUsed()) - before).toBeLessThan(40 * 1024 * 1024);
    } finally {
      await engine.close();
    }
  });

  it('parses and serialises arrays like PGlite on the calling thread', async () => {
    const engine = await openPgliteThread(undefined);
    try {
      const client = preparedStatementsClient(engine);
      const rows = (await client.query<{ ids: number[]; names: string[] }>('select $1::int[] as ids, array[$2::text, $3::text] as names', [[3, 1, 2], 'Каска', 'Жилет «Север», синий'])).rows;
      expect(rows).toEqual([{ ids: [3, 1, 2], names: ['Каска', 'Жилет «Север», синий'] }]);
    } finally {
      await engine.close();
    }
  });

  it('keeps what was written in its directory after a close and a reopen', async () => {
    const dataDir = path.join(scratch, 'kept');
    const first = await openPgliteThread(dataDir);
    const writer = preparedStatementsClient(first);
    await writer.exec('create table claims (id int primary key, note text not null)');
    await writer.transaction(async (tx) => {
      await tx.query('insert into claims values ($1, $2)', [1, 'Отклеилась подошва']);
    });
    await first.close();

    const second = await openPgliteThread(dataDir);
    try {
      const rows = (await preparedStatementsClient(second).query('select id, note from claims')).rows;
      expect(rows).toEqual([{ id: 1, note: 'Отклеилась подошва' }]);
    } finally {
      await second.close();
    }
  });

  it('keeps every committed transaction when the process is killed without closing', async () => {
    const dataDir = path.join(scratch, 'killed');
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'test/db/fixtures/commit-then-die.ts', dataDir], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      encoding: 'utf8',
      timeout: 200_000,
    });
    expect(run.stdout).toContain('committed 50');
    expect(run.signal).toBe('SIGKILL');

    const reopened = await openPgliteThread(dataDir);
    try {
      const rows = (await preparedStatementsClient(reopened).query<{ count: number; last: number }>('select count(*)::int as count, max(id) as last from orders')).rows;
      expect(rows).toEqual([{ count: 50, last: 50 }]);
    } finally {
      await reopened.close();
    }
  });

  it('refuses statements once closed, with an error saying the engine stopped', async () => {
    const engine = await openPgliteThread(undefined);
    const client = preparedStatementsClient(engine);
    await engine.close();
    await expect(client.query('select 1')).rejects.toThrow(/database engine thread stopped/);
  });
});

/**
 * kill -9 between the commit and the send: the order's mail is in the outbox with the order, and the next process
 * sends it, once.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app';
import { testConfig } from '../../../src/config';
import { openDatabase } from '../../../src/db/client';
import { seedPeople } from '../../../src/seed/people';
import { startSmtp, type TestSmtp } from '../../support/smtp';

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-mail-kill-'));
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startSmtp();
  // The people and companies of the demo, without its catalogue: the child adds the one product it orders.
  const database = await openDatabase({ dataDir });
  try {
    await seedPeople(database.db);
  } finally {
    await database.close();
  }
});
afterAll(async () => {
  await smtp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(Boolean(process.env.DATABASE_URL))('a server killed after the order is written', () => {
  it('sends the order mail once after the restart', async () => {
    const child = await new Promise<{ stdout: string; signal: string | null }>((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', path.join(import.meta.dirname, 'fixtures/order-then-die.ts')],
        { cwd: path.resolve(import.meta.dirname, '../../..'), env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } },
        (error, stdout) => resolve({ stdout, signal: (error as { signal?: string } | null)?.signal ?? null }),
      );
    });
    expect(child.signal).toBe('SIGKILL');
    const [status, orderId] = child.stdout.trim().split(' ');
    expect(status).toBe('200');

    const app = await buildApp(testConfig({ DATA_DIR: dataDir, DATABASE_URL: '', SMTP_URL: smtp.url }), { seed: false });
    try {
      await app.ready();
      await app.mail.runOnce();
      await app.mail.runOnce();
      expect(smtp.to('demo@example.ru').map((m) => m.subject)).toEqual([`Заказ № ${orderId} принят`]);
      expect(smtp.to('a.smirnova@example.ru').map((m) => m.subject)).toEqual([`Заказ № ${orderId} принят`]);
    } finally {
      await app.close();
    }
  });
});

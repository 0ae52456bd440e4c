/**
 * Several server processes on one PostgreSQL database share the outbox: two server processes (fixtures/send-round.ts)
 * run a sender round at once over the same messages, and each message arrives once.
 * PostgreSQL only (DATABASE_URL), as the other PostgreSQL tests.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { firstWorkingDayFrom, moscowDateAfter } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PARTNERS } from '../../../src/seed/people';
import { createTestApp, signInAs, type TestApp } from '../../support/helper';
import { atServerPrices } from '../../support/order-prices';
import { startSmtp, type TestSmtp } from '../../support/smtp';
import { insertProduct, line } from '../orders/fixtures';

describe.skipIf(!process.env.DATABASE_URL)('two senders on PostgreSQL', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  const senders: ChildProcessWithoutNullStreams[] = [];

  /** A server process on the test's database; resolves once its app is ready, with a function reading its next line. */
  async function startSender() {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'fixtures/send-round.ts')], {
      cwd: path.resolve(import.meta.dirname, '../../..'),
      env: { ...process.env, DATABASE_URL: t.config.DATABASE_URL!, SMTP_URL: smtp.url },
    });
    senders.push(child);
    let output = '';
    let errors = '';
    const waiting: Array<() => void> = [];
    child.stdout.on('data', (chunk) => {
      output += String(chunk);
      for (const wake of waiting.splice(0)) wake();
    });
    child.stderr.on('data', (chunk) => (errors += String(chunk)));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    let read = 0;
    const nextLine = async (): Promise<string> => {
      for (;;) {
        const end = output.indexOf('\n', read);
        if (end >= 0) {
          const line = output.slice(read, end);
          read = end + 1;
          return line;
        }
        const woken = new Promise<void>((resolve) => waiting.push(resolve));
        const code = await Promise.race([woken.then(() => undefined), exited]);
        if (code !== undefined && output.indexOf('\n', read) < 0) throw new Error(`the sender process exited (${code}): ${errors}`);
      }
    };
    expect(await nextLine()).toBe('ready');
    return { child, nextLine };
  }

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    for (const child of senders) if (child.exitCode === null) child.kill('SIGKILL');
    await t?.close();
    await smtp?.close();
  });

  it('sends each message once', async () => {
    const demo = await signInAs(t.app, 'demo');
    const suit = await insertProduct(t.app.db, { offers: [{ characteristic: '52', residue: 1000 }] });
    const ids: number[] = [];
    for (let i = 0; i < 15; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/order/add',
        headers: demo,
        payload: await atServerPrices(t.app, 'demo', {
          partner_id: DEMO_PARTNERS.SPECSNAB,
          comment: '',
          delivery: { address: '', case: 'pickup', date: firstWorkingDayFrom(moscowDateAfter(Date.now(), 2)), cost: 0, bill_to: '' },
          position: [{ guid: suit.uid, characteristics: [line(suit.offers[0]!, 1, 1000)] }],
          position_presail: [],
        }),
      });
      expect(response.statusCode, response.body).toBe(200);
      ids.push(response.json().response.id);
    }
    const [first, second] = await Promise.all([startSender(), startSender()]);
    // Both told at once: their rounds claim from the same outbox at the same time.
    first.child.stdin.write('go\n');
    second.child.stdin.write('go\n');
    const [a, b] = (await Promise.all([first.nextLine(), second.nextLine()])).map((line) => JSON.parse(line) as { sent: number });
    // Each order is mailed to the manager and to ООО «СпецСнаб»'s three people (demo, buyer, accountant): 60 in all.
    expect(a!.sent + b!.sent).toBe(60);
    const subjects = smtp.messages.map((m) => `${m.to && !Array.isArray(m.to) ? m.to.text : ''} ${m.subject}`).sort();
    expect(subjects).toEqual(ids.flatMap((id) => ['a.smirnova', 'accountant', 'buyer', 'demo'].map((name) => `${name}@example.ru Заказ № ${id} принят`)).sort());
  });
});

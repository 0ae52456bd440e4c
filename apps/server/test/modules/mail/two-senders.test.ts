/**
 * Several server processes on one PostgreSQL database share the outbox: two senders, each with its own connection
 * pool (as two processes have), run at once over the same messages, and each message arrives once.
 * PostgreSQL only (DATABASE_URL), as the other PostgreSQL tests.
 */
import { firstWorkingDayFrom, moscowDateAfter } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/app';
import { testConfig } from '../../../src/config';
import { DEMO_PARTNERS } from '../../../src/db/seed/people';
import { createTestApp, signInAs, type TestApp } from '../../support/helper';
import { atServerPrices } from '../../support/order-prices';
import { startSmtp, type TestSmtp } from '../../support/smtp';
import { insertProduct, line } from '../orders/fixtures';

describe.skipIf(!process.env.DATABASE_URL)('two senders on PostgreSQL', () => {
  let t: TestApp;
  let second: FastifyInstance;
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url });
    second = await buildApp(testConfig({ DATABASE_URL: t.config.DATABASE_URL!, SMTP_URL: smtp.url }), { seed: false });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
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
    const [a, b] = await Promise.all([t.app.mail.runOnce(), second.mail.runOnce()]);
    expect(a.sent + b.sent).toBe(30);
    const subjects = smtp.messages.map((m) => `${m.to && !Array.isArray(m.to) ? m.to.text : ''} ${m.subject}`).sort();
    expect(subjects).toEqual(ids.flatMap((id) => [`a.smirnova@example.ru Заказ № ${id} принят`, `demo@example.ru Заказ № ${id} принят`]).sort());
  });
});

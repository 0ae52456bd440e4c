/**
 * Every field of every integration route has a length limit: a 1 MB text in any field refuses that item, naming the
 * field, and neither the answer nor the log carries the megabyte. Log lines are bounded whatever an error holds.
 */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { buildApp } from '../../../src/app';
import { testConfig } from '../../../src/config';
import { openDatabase, type Database } from '../../../src/db/client';
import { ORDER_DOCUMENT_FILE_MAX_BYTES, TEXT_LIMITS } from '@portal/contracts';
import { badInputError, findBadInput } from '../../../src/lib/input-guard';
import { LOG_TEXT_LIMIT, boundedLogOptions } from '../../../src/lib/log-redaction';
import { INTEGRATION_KINDS, INTEGRATION_KIND_NAMES } from '../../../src/modules/integration/integration.service';

const KEY = 'integration-key-for-bounded-input';
const MEGABYTE = 'x'.repeat(1024 * 1024);
/** Fields whose bound is above a megabyte — a document file of up to 10 MB, in base64 — are sent just above it. */
const ABOVE_BOUND: Record<string, string> = { 'order-files.content': 'x'.repeat(Math.ceil((ORDER_DOCUMENT_FILE_MAX_BYTES * 4) / 3) + 5) };
const lines: string[] = [];
let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  const config = testConfig({ DATABASE_URL: '', LOG_LEVEL: 'info', INTEGRATION_API_KEY: KEY });
  database = await openDatabase({ dataDir: config.DATA_DIR });
  app = await buildApp(config, { database, seed: false, logStream: { write: (line) => lines.push(line) } });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const fieldsOf = (name: (typeof INTEGRATION_KIND_NAMES)[number]) => Object.keys((INTEGRATION_KINDS[name].schema as unknown as z.ZodObject).shape);

describe('a 1 MB field sent to each integration route', () => {
  it.each(INTEGRATION_KIND_NAMES)('%s: every field refuses it, naming the field; answer and log stay small', async (name) => {
    const fields = fieldsOf(name);
    expect(fields.length).toBeGreaterThan(0);
    const logged = lines.join('').length;

    const response = await app.inject({
      method: 'POST',
      url: `/api/integration/${name}`,
      headers: { 'x-api-key': KEY },
      payload: fields.map((field) => ({ [field]: ABOVE_BOUND[`${name}.${field}`] ?? MEGABYTE })),
    });

    expect(response.statusCode).toBe(200);
    const report = response.json().response as { applied: number; items: Array<{ status: string; reason: string; key: string | null }> };
    expect(report.applied).toBe(0);
    fields.forEach((field, index) => {
      const item = report.items[index]!;
      expect(item.status).toBe('refused');
      // A text field says its limit; a field of another type (number, date, list) says what it takes. Both name it.
      expect(item.reason, `${name}.${field}`).toMatch(new RegExp(`(^|; )${field}[^:;]*:`));
      expect(item.reason).not.toContain(MEGABYTE.slice(0, 100));
      expect(item.key?.length ?? 0).toBeLessThanOrEqual(201);
    });
    expect(response.body.length).toBeLessThan(16 * 1024 * fields.length);
    expect(lines.join('').length - logged).toBeLessThan(16 * 1024);
  });

  it('counts the text fields of the products route, nested ones included', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/integration/products',
      headers: { 'x-api-key': KEY },
      payload: [{ uid: 'p1', article: 'a1', name: 'Куртка', price: 1, price_opt: 1, characteristics: [{ NAME: 'Материал', VALUE: MEGABYTE }], offers: [{ guid: 'o1', price: 1, org_guid: MEGABYTE }] }],
    });
    const reason = response.json().response.items[0].reason as string;
    expect(reason).toContain('characteristics.VALUE: не длиннее 1000 символов, прислано 1048576.');
    expect(reason).toContain('org_guid: не длиннее 1000 символов');
  });
});

describe('any other route', () => {
  it('refuses a text longer than any field takes before its contract is read, naming the field', async () => {
    const found = findBadInput({ delivery: { address: 'x'.repeat(TEXT_LIMITS.document + 1) } });
    expect(found).toEqual({ path: 'delivery.address', problem: 'long' });
    expect(badInputError('body', found!).message).toBe(`Поле «delivery.address» длиннее ${TEXT_LIMITS.document} символов: сократите текст.`);
    const response = await app.inject({ method: 'POST', url: '/api/auth', payload: { timestamp: 1, hash: MEGABYTE } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(`Поле «hash» длиннее ${TEXT_LIMITS.document} символов: сократите текст.`);
  });
});

describe('log lines', () => {
  it('keep a few kilobytes of an error that repeats a megabyte of request data, with its size', () => {
    const written: string[] = [];
    const log = pino({ level: 'info', ...boundedLogOptions }, new Writable({ write: (chunk, _encoding, done) => (written.push(String(chunk)), done()) }));
    const failure = new Error(`Failed query: insert into price_types (id) values ($1)\nparams: ${MEGABYTE}`, { cause: { code: 'XX000', detail: MEGABYTE } });

    log.error({ err: failure, kind: 'price-types', key: MEGABYTE, items: Array.from({ length: 1000 }, (_, i) => i) }, `item failed ${MEGABYTE}`);

    expect(written).toHaveLength(1);
    expect(written[0]!.length).toBeLessThan(8 * LOG_TEXT_LIMIT);
    expect(written[0]).toContain('Failed query: insert into price_types');
    expect(written[0]).toContain(`[cut: ${Buffer.byteLength(MEGABYTE)} bytes in all]`);
    expect(written[0]).toContain('[cut: 1000 items in all]');
  });
});

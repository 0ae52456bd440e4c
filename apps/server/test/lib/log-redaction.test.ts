/** The request log keeps the path and the query's parameter names, never their values. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { testConfig } from '../../src/config';
import { openDatabase, type Database } from '../../src/db/client';
import { redactQuery } from '../../src/lib/log-redaction';

const lines: string[] = [];
let database: Database;
let app: FastifyInstance;
beforeAll(async () => {
  const config = testConfig({ DATABASE_URL: '', LOG_LEVEL: 'info' });
  database = await openDatabase({ dataDir: config.DATA_DIR });
  app = await buildApp(config, { database, seed: false, logStream: { write: (line) => lines.push(line) } });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('request log', () => {
  it('redacts the values of a query string, keeping the names', () => {
    expect(redactQuery('/api/files/7?token=abc&inline=1')).toBe('/api/files/7?token=[redacted]&inline=[redacted]');
    expect(redactQuery('/api/orders')).toBe('/api/orders');
    expect(redactQuery('/api/x?flag')).toBe('/api/x?flag=[redacted]');
  });

  it('never writes a token sent in a query string', async () => {
    const response = await app.inject({ url: '/api/?access_token=secret-token-4f9a&QUERY=%D0%B1%D0%BE%D1%82%D0%B8%D0%BD%D0%BA%D0%B8' });
    expect(response.statusCode).toBe(200);
    const logged = lines.join('');
    expect(logged).toContain('"url":"/api/?access_token=[redacted]&QUERY=[redacted]"');
    expect(logged).not.toContain('secret-token-4f9a');
    expect(logged).not.toContain('%D0%B1');
  });
});

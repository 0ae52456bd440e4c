import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { testConfig } from '../../src/config';
import { openDatabase, type Database } from '../../src/db/client';
import type { FastifyInstance } from 'fastify';

let database: Database;
let app: FastifyInstance;
beforeAll(async () => {
  const config = testConfig({ DATABASE_URL: '' });
  database = await openDatabase({ dataDir: config.DATA_DIR });
  app = await buildApp(config, { database, seed: false });
  // A route that fails the way a bug would: the answer must not show what went wrong inside.
  app.get('/api/test-failure', { config: { public: true } }, async () => {
    throw new Error('connection to 10.0.0.5 refused: password authentication failed for user "portal"');
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('errors', () => {
  it('answers a 5xx in the envelope without internals', async () => {
    const response = await app.inject({ url: '/api/test-failure' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: 'INTERNAL', message: 'Внутренняя ошибка сервера. Попробуйте позже или обратитесь к менеджеру.' },
      response: null,
    });
    expect(response.body).not.toMatch(/10\.0\.0\.5|password|stack/i);
  });

  it('answers a body that is not JSON with 400 in Russian', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { 'content-type': 'application/json', authorization: 'Basic ZGVtbzpkZW1vMTIzNA==' },
      payload: '{"timestamp":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/JSON/);
  });
});

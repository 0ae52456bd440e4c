/**
 * Test harness: one app per test file on a fresh database — in-memory PGlite by default, or a new PostgreSQL
 * database (created and dropped here) when DATABASE_URL is set. The demo data is seeded: each database is a copy of
 * the run's migrated, seeded template (database-template.ts), unless the file asks for another catalogue size.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { signInHash } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../src/app';
import { type Config, testConfig } from '../../src/config';
import { openDatabase, type Database } from '../../src/db/client';
import { DEMO_PASSWORD } from '../../src/seed/people';
import { MemoryStorage, type FileStorage } from '../../src/lib/storage';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

export async function createTestApp(overrides: Partial<Record<keyof Config, string>> = {}): Promise<TestApp> {
  // The template holds the default seed in memory; a file that seeds otherwise builds its own database.
  const template = overrides.SEED_PRODUCTS || overrides.DATA_DIR ? undefined : inject('databaseTemplate');
  const scratch = process.env.DATABASE_URL
    ? await createScratchDatabase(process.env.DATABASE_URL, template?.postgresDatabase)
    : undefined;
  const config = testConfig({ ...overrides, ...(scratch ? { DATABASE_URL: scratch.url } : {}) });
  const copyOf = template?.pgliteTarball && !scratch ? new Uint8Array(await readFile(template.pgliteTarball)) : undefined;
  const database: Database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
    copyOf,
  });
  const storage = template ? await storageOf(template.storageFile) : undefined;
  const app = await buildApp(config, { database, storage });
  await app.ready();
  return {
    app,
    config,
    close: async () => {
      await app.close();
      await database.close();
      await scratch?.drop();
    },
  };
}

/** The seed's files of the template, in a storage of the test file's own. */
async function storageOf(storageFile: string): Promise<FileStorage> {
  const storage = new MemoryStorage();
  const files = JSON.parse(await readFile(storageFile, 'utf8')) as Record<string, string>;
  for (const [key, base64] of Object.entries(files)) await storage.put(key, Buffer.from(base64, 'base64'));
  return storage;
}

/** A new PostgreSQL database, empty or a copy of `template`, and how to drop it. */
export async function createScratchDatabase(baseUrl: string, template?: string) {
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** The headers of a valid sign-in request. */
export function signInRequest(login: string, password = DEMO_PASSWORD, salt = 'dealer-portal', timestamp = Date.now()) {
  return {
    method: 'POST' as const,
    url: '/api/auth',
    headers: { authorization: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}` },
    payload: { timestamp, hash: signInHash(timestamp, salt) },
  };
}

/** Signs in and answers the bearer header for further calls. */
export async function signInAs(app: FastifyInstance, login: string, password = DEMO_PASSWORD) {
  const response = await app.inject(signInRequest(login, password));
  if (response.statusCode !== 200) throw new Error(`sign-in as ${login} failed: ${response.body}`);
  return { authorization: `Bearer ${response.json().response.token as string}` };
}

export interface LoggedStatement {
  text: string;
  params: unknown[];
}

/**
 * The statements the app's database ran during `work`, as Drizzle logs them (BEGIN and COMMIT left out: statements of
 * their own on node-postgres, part of PGlite's transaction call).
 */
export async function statementsDuring(app: FastifyInstance, work: () => Promise<unknown>): Promise<LoggedStatement[]> {
  const session = (app.db as unknown as { session: { logger: unknown; options: { logger?: unknown } } }).session;
  const statements: LoggedStatement[] = [];
  const counter = { logQuery: (text: string, params: unknown[]) => void (/^\s*(begin|commit)\b/i.test(text) || statements.push({ text, params })) };
  const saved = { logger: session.logger, options: session.options.logger };
  session.logger = counter;
  session.options.logger = counter;
  try {
    await work();
  } finally {
    session.logger = saved.logger;
    session.options.logger = saved.options;
  }
  return statements;
}

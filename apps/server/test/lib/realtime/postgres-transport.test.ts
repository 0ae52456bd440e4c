/**
 * Two real server processes on one PostgreSQL database: an event raised through the integration API of one reaches
 * a socket held by the other (LISTEN/NOTIFY). Needs PostgreSQL: skipped when DATABASE_URL is unset (CI sets it).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signInHash } from '@portal/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PARTNERS } from '../../../src/seed/people';
import { openSocket, type TestSocket } from '../../support/realtime-client';

const KEY = 'fanout-test-key-0123456789abcdef';
const baseDatabaseUrl = process.env.DATABASE_URL;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Starts a server and adds it to `servers` at once, so afterAll stops it even if its start-up fails or times out. */
async function startServer(databaseUrl: string, dataDir: string, servers: ChildProcess[]): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'warn',
      SEED_PRODUCTS: '50',
      INTEGRATION_API_KEY: KEY,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  servers.push(child);
  const url = `http://127.0.0.1:${port}`;
  // Polls until it answers; the hook's own limit ends a start-up that never comes.
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} during start-up`);
    try {
      if ((await fetch(`${url}/api/`)).ok) return url;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function signIn(url: string, login: string): Promise<string> {
  const timestamp = Date.now();
  const response = await fetch(`${url}/api/auth`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${login}:demo1234`).toString('base64')}`, 'content-type': 'application/json' },
    body: JSON.stringify({ timestamp, hash: signInHash(timestamp, 'dealer-portal') }),
  });
  const body = (await response.json()) as { response: { token: string } };
  return body.response.token;
}

async function signedInSocket(url: string, token: string): Promise<TestSocket> {
  const socket = await openSocket(url);
  socket.send({ token });
  await socket.next((frame) => frame.action === 'ready');
  return socket;
}

describe.skipIf(!baseDatabaseUrl)('realtime fan-out between server processes (PostgreSQL)', () => {
  const name = `portal_fanout_${randomBytes(6).toString('hex')}`;
  // Made in beforeAll, not here: a skipped suite's body still runs (to collect its tests), but its hooks do not, so a
  // folder made here would be left behind by every run without PostgreSQL.
  let dataDir: string | undefined;
  const servers: ChildProcess[] = [];
  let first: string;
  let second: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-fanout-'));
    const admin = new pg.Client({ connectionString: baseDatabaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(baseDatabaseUrl!);
    url.pathname = `/${name}`;
    // One after the other: the first migrates and seeds, the second finds it done.
    first = await startServer(url.toString(), path.join(dataDir, 'a'), servers);
    second = await startServer(url.toString(), path.join(dataDir, 'b'), servers);
  }, 300_000);

  afterAll(async () => {
    await Promise.all(
      servers.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : (child.once('exit', resolve), child.kill('SIGTERM'))))),
    );
    const admin = new pg.Client({ connectionString: baseDatabaseUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("an event raised in one process reaches the company's socket held by the other, and no one else's", async () => {
    const demoOnFirst = await signedInSocket(first, await signIn(first, 'demo'));
    const demo2OnFirst = await signedInSocket(first, await signIn(second, 'demo2'));

    const response = await fetch(`${second}/api/integration/messages`, {
      method: 'POST',
      headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
      body: JSON.stringify([{ partner: DEMO_PARTNERS.SPECSNAB, message: 'Через другой процесс' }]),
    });
    expect(((await response.json()) as { response: { applied: number } }).response.applied).toBe(1);

    const frame = await demoOnFirst.next((f) => f.mutation === 'add');
    expect(frame.payload).toMatchObject({ message: 'Через другой процесс', type: 'popup', event: 'manager_message' });

    demo2OnFirst.send({ action: 'ping' });
    await demo2OnFirst.next((f) => f.action === 'pong');
    expect(demo2OnFirst.frames.filter((f) => f.namespace === 'notifications')).toEqual([]);

    // The list kept in the shared database reads the same through either process.
    const token = await signIn(second, 'demo');
    const list = (await (await fetch(`${second}/api/notifications`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      response: Array<{ message: string }>;
    };
    expect(list.response.map((m) => m.message)).toContain('Через другой процесс');

    demoOnFirst.ws.close();
    demo2OnFirst.ws.close();
    await Promise.all([demoOnFirst.closed, demo2OnFirst.closed]);
  });
});

/**
 * Graceful shutdown of the real server process. Every step waits for an event (a line the server prints, an answer,
 * the exit), never for a span of time; the request is held open by the test until the server has taken the signal,
 * so it really is in flight. The process and its data directory go in afterEach, which runs whatever the outcome.
 */
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { signInHash } from '@portal/domain';
import { afterEach, describe, expect, it } from 'vitest';

let server: ChildProcessByStdio<null, Readable, Readable> | undefined;
let dataDir: string | undefined;

afterEach(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGKILL');
    await exited;
  }
  server = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

/** The server's output as lines, and a wait for a line that matches (among those already printed, or to come). */
function linesOf(child: NonNullable<typeof server>) {
  const lines: string[] = [];
  const waiting = new Set<() => void>();
  let exitCode: number | null | undefined;
  let partial = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const parts = (partial + chunk.toString()).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
    for (const wake of [...waiting]) wake();
  });
  child.once('exit', (code) => {
    exitCode = code;
    for (const wake of [...waiting]) wake();
  });
  return (pattern: RegExp) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const look = () => {
        for (const line of lines) {
          const match = line.match(pattern);
          if (match) {
            waiting.delete(look);
            return resolve(match);
          }
        }
        if (exitCode !== undefined) {
          waiting.delete(look);
          reject(new Error(`the server exited (code ${exitCode}) before printing ${pattern}`));
        }
      };
      waiting.add(look);
      look();
    });
}

describe.skipIf(Boolean(process.env.DATABASE_URL))('graceful shutdown', () => {
  // A server process started, seeded, signed into and stopped: on a 2-core machine under heavy load that alone can take
  // several minutes. The limit ends a hang; it measures nothing.
  it('finishes the request in flight on SIGTERM, then closes the database and releases the data directory', { timeout: 600_000 }, async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-shutdown-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      // PORT=0: the system picks a free port and the banner names it. DATA_DIR is relative to the folder the command
      // ran in (INIT_CWD, as npm sets it). Info logs show each request as it arrives.
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        INIT_CWD: dataDir,
        DATA_DIR: 'data',
        DATABASE_URL: '',
        LOG_LEVEL: 'info',
        LOG_PRETTY: 'false',
        SEED_PRODUCTS: '50',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server = child;
    child.stderr.resume();
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

    const lineOf = linesOf(child);
    const [, port] = await lineOf(/running at http:\/\/[^:]+:(\d+)/);
    expect(Number(port)).toBeGreaterThan(0);
    expect((await lineOf(/Database: embedded \(PGlite\) in (.+?)(?:, page cache .*)?$/))[1]).toBe(path.join(dataDir, 'data'));

    // The sign-in request is sent up to the middle of its body: the server has it, but cannot answer it yet.
    const timestamp = Date.now();
    const body = Buffer.from(JSON.stringify({ timestamp, hash: signInHash(timestamp, 'dealer-portal') }));
    const arrived = lineOf(/^(?=.*"incoming request")(?=.*"url":"\/api\/auth").*$/);
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const pending = request(
        {
          host: '127.0.0.1',
          port: Number(port),
          path: '/api/auth',
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from('demo:demo1234').toString('base64')}`,
            'content-type': 'application/json',
            'content-length': body.length,
          },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        },
      );
      pending.on('error', reject);
      pending.write(body.subarray(0, 10));
      void arrived.then(async () => {
        const signalTaken = lineOf(/SIGTERM received/);
        child.kill('SIGTERM');
        await signalTaken;
        pending.end(body.subarray(10));
      }, reject);
    });

    const { status, body: text } = await answer;
    expect(status, text).toBe(200);
    expect(JSON.parse(text).response.token).toBeTruthy();
    expect(await exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'data', 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'data', 'portal.lock'))).toBe(false);
  });
});

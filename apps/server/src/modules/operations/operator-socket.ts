/**
 * The running portal's operator socket: a local (unix domain) socket through which `npm run portal -- backup` asks
 * the process that holds the embedded database for a backup. It is never reachable over the network, and who may use
 * it is decided by file permissions: it lives in DATA_DIR beside the database files (or, when that path is too long
 * for a socket, in a folder of its own under the temporary directory), readable by the portal's user only.
 */
import { createHash } from 'node:crypto';
import { chmod, mkdir, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { removeStaleSnapshots, takeSnapshot, writeBackup } from './backup';

/** Unix socket paths are limited to 108 bytes; keep a margin. */
const MAX_SOCKET_PATH = 100;

export function operatorSocketPath(dataDir: string): string {
  const resolved = path.resolve(dataDir);
  const inDataDir = path.join(resolved, 'portal.sock');
  if (Buffer.byteLength(inDataDir) <= MAX_SOCKET_PATH) return inDataDir;
  const id = createHash('sha256').update(resolved).digest('hex').slice(0, 16);
  return path.join(tmpdir(), `dealer-portal-${id}`, 'portal.sock');
}

export interface OperatorSocket {
  close(): Promise<void>;
}

/** Opens the socket for a process that holds the embedded database in `dataDir`. */
export async function openOperatorSocket(database: Database, dataDir: string, log: FastifyBaseLogger): Promise<OperatorSocket> {
  const socketPath = operatorSocketPath(dataDir);
  const folder = path.dirname(socketPath);
  if (folder !== path.resolve(dataDir)) await mkdir(folder, { recursive: true, mode: 0o700 });
  // This process holds DATA_DIR's lock: a socket file left there belongs to a process that is gone.
  await rm(socketPath, { force: true });
  await removeStaleSnapshots(dataDir);

  const server = http.createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/backup') {
      response.writeHead(404).end();
      return;
    }
    void serveBackup(database, dataDir, response, log);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  await chmod(socketPath, 0o600);
  return {
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(socketPath, { force: true });
    },
  };
}

async function serveBackup(database: Database, dataDir: string, response: http.ServerResponse, log: FastifyBaseLogger) {
  let snapshot;
  try {
    snapshot = await takeSnapshot(database, dataDir);
  } catch (error) {
    log.error({ err: error }, 'backup: the snapshot failed');
    response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ message: (error as Error).message }));
    return;
  }
  log.info({ heldMs: snapshot.heldMs, pointInTime: snapshot.pointInTime }, 'backup: snapshot taken');
  response.writeHead(200, { 'content-type': 'application/gzip', 'x-held-ms': String(snapshot.heldMs) });
  try {
    await writeBackup(snapshot, response);
    log.info('backup: sent');
  } catch (error) {
    // The command sees the transfer cut short and keeps no file.
    log.error({ err: error }, 'backup: writing failed');
    response.destroy();
  }
}

/**
 * Asks the portal running on `dataDir` for a backup, written to the stream `open` gives once the portal answers.
 * Answers undefined when no portal answers there (no socket, or a socket left by a stopped one), the time the
 * database was held otherwise.
 */
export async function requestBackup(dataDir: string, open: () => Writable): Promise<{ heldMs: number } | undefined> {
  const response = await new Promise<http.IncomingMessage | undefined>((resolve, reject) => {
    const request = http.request({ socketPath: operatorSocketPath(dataDir), method: 'POST', path: '/backup' }, resolve);
    request.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(undefined);
      else reject(error);
    });
    request.end();
  });
  if (!response) return undefined;
  if (response.statusCode !== 200) {
    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(chunk as Buffer);
    const answer = Buffer.concat(chunks).toString('utf8');
    throw new Error(`Портал не сделал копию: ${(JSON.parse(answer || '{}') as { message?: string }).message ?? `ответ ${response.statusCode}`}`);
  }
  await pipeline(response, open()).catch((error: Error) => {
    throw new Error(`Портал прервал передачу копии (${error.message}); подробности — в журнале сервера.`);
  });
  return { heldMs: Number(response.headers['x-held-ms'] ?? 0) };
}

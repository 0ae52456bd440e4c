/**
 * Online backup of the embedded database while orders are being placed, then verify and restore — including the
 * refusals: a damaged or truncated file, a backup from a newer schema, a folder that is not empty.
 *
 * The point in time of a backup is the moment the running portal holds its database between two transactions. Orders
 * are placed one transaction at a time on the embedded engine, so their ids follow their commit order: the orders in
 * the backup must be exactly the first k of those placed (wholly — every line and check), all those acknowledged
 * before the backup was asked for, none of those sent after it was written.
 */
import { createReadStream, createWriteStream, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openDatabase, rawQuery, type Database, type DbOrTx } from '../../../src/db/client';
import { backup, type BackupResult } from '../../../src/modules/operations/commands';
import { MANIFEST_NAME, type BackupManifest } from '../../../src/modules/operations/backup';
import { readManifest, restoreBackup, verifyBackup } from '../../../src/modules/operations/restore';
import { readTarGz, writeTarGz, type TarEntry } from '../../../src/modules/operations/tar';
import { signInAs } from '../../support/helper';
import { insertProduct, type FixtureProduct } from '../orders/fixtures';
import { orderPayload, removeFolders, scratchFolder, startEmbeddedPortal } from './fixtures';

const ORDERS = 200;
/** The backup is asked for once this many orders are acknowledged… */
const BACKUP_AFTER = 50;
/** …and orders from this one on are sent only after it is written. */
const HELD_BACK_FROM = 150;
const LANES = 4;

let work: string;
let dataDir: string;
let app: FastifyInstance | undefined;
let onlineBackup: BackupResult;
const ackedBeforeBackup = new Set<number>();
const sentAfterBackup = new Set<number>();
/** Orders acknowledged after the backup was asked for and before it was written. */
let ackedDuringBackup = 0;
const placed: number[] = [];
/** Per order: its lines and checks as the live database holds them. */
let liveOrders: Map<number, string>;
let liveFiles: Map<string, Buffer>;
let liveOrderCount: number;

/** Every file under a folder, by relative path. */
function filesUnder(root: string): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  const walk = (relative: string) => {
    const folder = path.join(root, relative);
    if (!existsSync(folder)) return;
    for (const name of readdirSync(folder)) {
      const child = relative ? `${relative}/${name}` : name;
      if (statSync(path.join(root, child)).isDirectory()) walk(child);
      else found.set(child, readFileSync(path.join(root, child)));
    }
  };
  walk('');
  return found;
}

/** Each order's lines and checks, as one comparable text per order. */
async function ordersContent(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  const rows = await rawQuery<{ id: number; content: string }>(
    db,
    `select o.id, json_build_object(
        'total', o.total, 'count', o.count, 'comment', o.comment,
        'lines', (select json_agg(json_build_array(l.offer_id, l.quantity, l.price, l.presale) order by l.id) from order_lines l where l.order_id = o.id),
        'checks', (select json_agg(json_build_array(c.guid, c.org_guid, c.total) order by c.id) from order_checks c where c.order_id = o.id)
      )::text as content
     from orders o where o.id = any($1::int[])`,
    [ids],
  );
  return new Map(rows.map((row) => [Number(row.id), row.content]));
}

async function withRestored<T>(folder: string, work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir: folder, pgliteOn: 'main-thread', migrate: false });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/** Rewrites a backup through `change` (entries in memory: the test database is small). */
async function rewriteBackup(from: string, to: string, change: (entries: TarEntry[]) => void): Promise<void> {
  const entries: TarEntry[] = [];
  await readTarGz(
    createReadStream(from),
    (name) => {
      const chunks: Buffer[] = [];
      return {
        write: (chunk) => void chunks.push(Buffer.from(chunk)),
        end: () => {
          const content = Buffer.concat(chunks);
          entries.push({ name, bytes: content.length, content });
        },
      };
    },
    (name) => void entries.push({ name, directory: true }),
  );
  change(entries);
  await writeTarGz(entries, createWriteStream(to));
}

function contentOf(entry: TarEntry | undefined): Buffer {
  if (!entry || 'directory' in entry || !Buffer.isBuffer(entry.content)) throw new Error('not a file entry');
  return entry.content;
}

beforeAll(async () => {
  work = scratchFolder('backup');
  dataDir = path.join(work, 'data');
  app = await startEmbeddedPortal(dataDir);
  const portal = app;
  const demo = await signInAs(portal, 'demo');
  const product: FixtureProduct = await insertProduct(portal.db, { priceOpt: 1000, offers: [{ characteristic: 'XL', residue: 100_000 }] });
  // Uploads of our own beside the seeded ones: the backup must hold them all.
  await portal.storage.put('claims/2026/backup-photo-1.png', Buffer.from('photo one'));
  await portal.storage.put('logos/2026/backup-logo.svg', Buffer.from('<svg/>'));

  let sent = 0;
  let acknowledged = 0;
  let backupWritten!: () => void;
  const written = new Promise<void>((resolve) => (backupWritten = resolve));
  let backupDone = false;
  let backupStarted: Promise<BackupResult> | undefined;

  const lane = async () => {
    for (;;) {
      const number = sent++;
      if (number >= ORDERS) return;
      if (number >= HELD_BACK_FROM) await written;
      const afterBackup = backupDone;
      const response = await portal.inject({ method: 'POST', url: '/api/order/add', headers: demo, payload: await orderPayload(portal, product, 1, `Заказ ${number}`) });
      if (response.statusCode !== 200) throw new Error(`order ${number} failed: ${response.body}`);
      const id = response.json().response.id as number;
      placed.push(id);
      if (afterBackup) sentAfterBackup.add(id);
      else if (backupStarted && !backupDone) ackedDuringBackup++;
      if (++acknowledged === BACKUP_AFTER) {
        for (const done of placed) ackedBeforeBackup.add(done);
        backupStarted = backup(dataDir, path.join(work, 'online.tar.gz')).then((result) => {
          backupDone = true;
          backupWritten();
          return result;
        });
      }
    }
  };
  await Promise.all(Array.from({ length: LANES }, lane));
  onlineBackup = await backupStarted!;
  liveOrders = await ordersContent(portal.db, placed);
  liveFiles = filesUnder(path.join(dataDir, 'files'));
  liveOrderCount = (await rawQuery<{ n: number }>(portal.db, 'select count(*)::int as n from orders'))[0]!.n;
}, 300_000);

afterAll(async () => {
  await app?.close();
  await removeFolders(work);
});

describe('backup while orders are placed', () => {
  it('is made by the running portal, into one file whose manifest describes it', async () => {
    expect(onlineBackup.byRunningPortal).toBe(true);
    expect(placed).toHaveLength(ORDERS);
    expect(sentAfterBackup.size).toBe(ORDERS - HELD_BACK_FROM);
    // Orders went on being placed while it was made (its writing alone outlasts many orders).
    expect(ackedDuringBackup).toBeGreaterThan(0);
    const manifest = await readManifest(onlineBackup.file);
    expect(manifest.portalVersion).toMatch(/^\d+\.\d+\.\d+$/);
    expect(manifest.schema.lastMigration).toMatch(/^\d{4}_/);
    expect(manifest.tables.orders).toBeGreaterThan(0);
    expect(manifest.entries.some((entry) => entry.path === 'files/claims/2026/backup-photo-1.png' && /^[0-9a-f]{64}$/.test(entry.sha256))).toBe(true);
    // No staging copy is left in DATA_DIR.
    expect(readdirSync(dataDir).filter((name) => name.startsWith('.backup-'))).toEqual([]);
  });

  it('restores to exactly the orders committed before its point in time, each one whole, and every file', async () => {
    const restored = path.join(work, 'restored');
    const manifest = await restoreBackup(onlineBackup.file, restored);

    const { ids, counts } = await withRestored(restored, async (database) => {
      const rows = await rawQuery<{ id: number }>(database.db, 'select id from orders where id = any($1::int[]) order by id', [placed]);
      const [total] = await rawQuery<{ n: number }>(database.db, 'select count(*)::int as n from orders');
      const ids = rows.map((row) => Number(row.id));
      return { ids, counts: { total: total!.n, content: await ordersContent(database.db, ids) } };
    });

    for (const id of ackedBeforeBackup) expect(ids).toContain(id);
    for (const id of sentAfterBackup) expect(ids).not.toContain(id);
    // A prefix of the commit order: nothing committed after the point in time, nothing before it missing.
    expect(ids).toEqual([...placed].sort((a, b) => a - b).slice(0, ids.length));
    for (const id of ids) expect(counts.content.get(id)).toBe(liveOrders.get(id));
    expect(counts.total).toBe(manifest.tables.orders);

    // Every upload: all were written before the backup and none was deleted since.
    const restoredFiles = filesUnder(path.join(restored, 'files'));
    expect(liveFiles.size).toBeGreaterThan(2);
    expect([...restoredFiles.keys()].sort()).toEqual([...liveFiles.keys()].sort());
    for (const [key, bytes] of liveFiles) expect(restoredFiles.get(key)!.equals(bytes), key).toBe(true);
  });

  it('is made by the command itself when no portal runs, and verifies', async () => {
    await app!.close();
    app = undefined;
    const offline = await backup(dataDir, path.join(work, 'offline.tar.gz'));
    expect(offline.byRunningPortal).toBe(false);
    const manifest = await verifyBackup(offline.file);
    // Taken after every order: it holds them all.
    expect(manifest.tables.orders).toBe(liveOrderCount);
  });
});

describe('refusals', () => {
  const expectRefused = async (file: string, message: RegExp) => {
    await expect(verifyBackup(file)).rejects.toThrow(message);
    const target = path.join(work, `refused-${path.basename(file)}`);
    await expect(restoreBackup(file, target)).rejects.toThrow(message);
    // Nothing half-written: neither the target nor a staging folder beside it.
    expect(existsSync(target)).toBe(false);
    expect(readdirSync(work).filter((name) => name.includes('.restoring-'))).toEqual([]);
  };

  it('refuses a backup with a damaged byte in its compressed stream', async () => {
    const bytes = readFileSync(onlineBackup.file);
    const file = path.join(work, 'flipped.tar.gz');
    const damaged = Buffer.from(bytes);
    const at = Math.floor(damaged.length / 2);
    damaged[at] = damaged[at]! ^ 0xff;
    writeFileSync(file, damaged);
    await expectRefused(file, /повреждён/);
  });

  it('refuses a backup whose file no longer matches its checksum (the archive itself intact)', async () => {
    const file = path.join(work, 'altered.tar.gz');
    await rewriteBackup(onlineBackup.file, file, (entries) => {
      const photo = entries.find((entry) => entry.name === 'files/claims/2026/backup-photo-1.png');
      const bytes = Buffer.from(contentOf(photo));
      bytes[0] = bytes[0]! ^ 0x01;
      (photo as { content: Buffer }).content = bytes;
    });
    await expectRefused(file, /контрольная сумма files\/claims\/2026\/backup-photo-1\.png не совпадает/);
  });

  it('refuses a truncated backup, also through the command line (exit code 1, the reason in Russian)', async () => {
    const bytes = readFileSync(onlineBackup.file);
    const file = path.join(work, 'truncated.tar.gz');
    writeFileSync(file, bytes.subarray(0, Math.floor(bytes.length * 0.8)));
    await expectRefused(file, /повреждён/);

    const cli = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'verify', file], { cwd: path.resolve(import.meta.dirname, '../../..'), env: { ...process.env, DATA_DIR: dataDir } });
    let stderr = '';
    cli.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const [code] = (await once(cli, 'exit')) as [number];
    expect(code).toBe(1);
    expect(stderr).toMatch(/Файл копии повреждён: .*Возьмите другую копию/);
  });

  it('refuses a backup from a newer schema, naming the version to install', async () => {
    const file = path.join(work, 'newer.tar.gz');
    await rewriteBackup(onlineBackup.file, file, (entries) => {
      const manifestEntry = entries.find((entry) => entry.name === MANIFEST_NAME) as { content: Buffer; bytes: number };
      const manifest = JSON.parse(manifestEntry.content.toString('utf8')) as BackupManifest;
      manifest.portalVersion = '9.0.0';
      manifest.schema = { migrations: manifest.schema.migrations + 1, lastMigrationAt: manifest.schema.lastMigrationAt + 1, lastMigration: null };
      manifestEntry.content = Buffer.from(JSON.stringify(manifest));
      manifestEntry.bytes = manifestEntry.content.length;
    });
    await expectRefused(file, /более новой версией портала \(9\.0\.0\).*Обновите портал до версии 9\.0\.0/);
  });

  it('restore refuses a folder that is not empty and leaves it as it was', async () => {
    const occupied = path.join(work, 'occupied');
    await mkdir(occupied);
    writeFileSync(path.join(occupied, 'keep.txt'), 'mine');
    await expect(restoreBackup(onlineBackup.file, occupied)).rejects.toThrow(/Папка .*occupied не пуста/);
    expect(readdirSync(occupied)).toEqual(['keep.txt']);
  });
});

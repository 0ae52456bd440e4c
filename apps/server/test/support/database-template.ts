/**
 * One migrated, seeded database per test run, copied for every test file instead of being built again for each.
 *
 * Opening an embedded database from nothing runs initdb, then every migration, then the demo seed: about 9 s of CPU,
 * paid again by each of the test files that start an app — minutes of a run on 2 cores. Built once here (vitest's
 * global setup), each file starts from a copy: in-memory PGlite loads the template's data folder as a tarball (under
 * a second), PostgreSQL creates the file's database `TEMPLATE` the template database. The seed's files (pictures,
 * claim attachments) are kept beside it, so a copy's storage holds what its rows refer to.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { testConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { seedIfEmpty } from '../../src/seed';
import { MemoryStorage } from '../../src/lib/storage';

/** Where test files find the template: the PGlite tarball or the PostgreSQL database, and the seed's files. */
export interface DatabaseTemplate {
  /** A tarball of the embedded database's data folder (when DATABASE_URL is not set). */
  pgliteTarball?: string;
  /** The name of the PostgreSQL template database (when DATABASE_URL is set). */
  postgresDatabase?: string;
  /** The seed's stored files, as JSON { key: base64 }. */
  storageFile: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

/** Records what the seed stores, to write it out beside the template. */
class RecordingStorage extends MemoryStorage {
  readonly written = new Map<string, Buffer>();
  override async put(key: string, bytes: Buffer) {
    await super.put(key, bytes);
    this.written.set(key, bytes);
  }
  override async delete(key: string) {
    await super.delete(key);
    this.written.delete(key);
  }
}

export default async function setup(project: TestProject) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'portal-test-template-'));
  const config = testConfig();
  const storage = new RecordingStorage();
  const baseUrl = process.env.DATABASE_URL;
  let dropTemplate = async () => {};
  try {
    const template: DatabaseTemplate = { storageFile: path.join(folder, 'files.json') };
    if (baseUrl) {
      const name = `portal_template_${randomBytes(6).toString('hex')}`;
      await adminQuery(baseUrl, `CREATE DATABASE ${name}`);
      dropTemplate = () => adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      const url = new URL(baseUrl);
      url.pathname = `/${name}`;
      const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
      try {
        await seedIfEmpty({ db: database.db, storage, products: config.SEED_PRODUCTS, log: () => {} });
      } finally {
        await database.close();
      }
      template.postgresDatabase = name;
    } else {
      const dataDir = path.join(folder, 'pglite');
      const database = await openDatabase({ dataDir, pgliteOn: 'main-thread' });
      try {
        await seedIfEmpty({ db: database.db, storage, products: config.SEED_PRODUCTS, log: () => {} });
      } finally {
        await database.close();
      }
      // The closed folder, reopened only to write it out in the form PGlite loads (`loadDataDir`).
      const engine = await PGlite.create({ dataDir, extensions: { pg_trgm } });
      const tarball = await engine.dumpDataDir('none');
      await engine.close();
      template.pgliteTarball = path.join(folder, 'pglite.tar');
      await writeFile(template.pgliteTarball, Buffer.from(await tarball.arrayBuffer()));
    }
    const files = Object.fromEntries([...storage.written].map(([key, bytes]) => [key, bytes.toString('base64')]));
    await writeFile(template.storageFile, JSON.stringify(files));
    project.provide('databaseTemplate', template);
  } catch (error) {
    await dropTemplate().catch(() => undefined);
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
  return async () => {
    await dropTemplate();
    await rm(folder, { recursive: true, force: true });
  };
}

async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

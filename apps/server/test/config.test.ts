/** Where the configuration puts folders given as relative paths; the size of the PostgreSQL pool. */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultEmbeddedCacheMb, defaultPoolSize, loadConfig } from '../src/config';

describe('configuration: folders', () => {
  it('resolves a relative DATA_DIR and WEB_DIST against the folder the command ran in (INIT_CWD from npm)', () => {
    const config = loadConfig({ INIT_CWD: '/srv/portal', DATA_DIR: 'data', WEB_DIST: '../web/dist' });
    expect(config.DATA_DIR).toBe(path.resolve('/srv/portal/data'));
    expect(config.WEB_DIST).toBe(path.resolve('/srv/web/dist'));
  });

  it('resolves against the current folder without npm, and keeps absolute paths and memory:// as they are', () => {
    expect(loadConfig({ DATA_DIR: 'data' }).DATA_DIR).toBe(path.resolve(process.cwd(), 'data'));
    expect(loadConfig({ INIT_CWD: '/srv/portal', DATA_DIR: '/var/lib/portal' }).DATA_DIR).toBe(path.resolve('/var/lib/portal'));
    expect(loadConfig({ DATA_DIR: 'memory://' }).DATA_DIR).toBe('memory://');
  });
});

describe('configuration: the PostgreSQL pool', () => {
  it('takes DATABASE_POOL_SIZE as given', () => {
    expect(loadConfig({ DATABASE_POOL_SIZE: '7' }).DATABASE_POOL_SIZE).toBe(7);
  });

  it('defaults to two connections per core, at least four', () => {
    expect(loadConfig({}).DATABASE_POOL_SIZE).toBe(Math.max(4, 2 * availableParallelism()));
    expect(defaultPoolSize(1)).toBe(4);
    expect(defaultPoolSize(2)).toBe(4);
    expect(defaultPoolSize(8)).toBe(16);
  });

  it('stops start-up naming the variable for a size that is not a whole number of at least 1', () => {
    for (const value of ['0', '-2', '2.5', 'many']) {
      expect(() => loadConfig({ DATABASE_POOL_SIZE: value })).toThrow(/DATABASE_POOL_SIZE/);
    }
  });
});

describe('configuration: the embedded database’s page cache', () => {
  it('takes EMBEDDED_CACHE_MB as given; unset, sizes it from the database and the memory the process may use', () => {
    expect(loadConfig({ EMBEDDED_CACHE_MB: '300' }).EMBEDDED_CACHE_MB).toBe(300);
    expect(loadConfig({}).EMBEDDED_CACHE_MB).toBeUndefined();
    expect(loadConfig({ EMBEDDED_CACHE_MB: '' }).EMBEDDED_CACHE_MB).toBeUndefined();
    const mb = 2 ** 20;
    const gb = 2 ** 30;
    // The demo data (34 MB of tables and indexes) on a large machine: the database and half again, not a gigabyte.
    expect(defaultEmbeddedCacheMb(34 * mb, 24 * gb)).toBe(51);
    // A new, empty database still gets a working cache.
    expect(defaultEmbeddedCacheMb(0, 24 * gb)).toBe(32);
    // A million products: as much as may be spared, up to 512.
    expect(defaultEmbeddedCacheMb(1.5 * gb, 24 * gb)).toBe(512);
    // …and a quarter of a small server's memory at most.
    expect(defaultEmbeddedCacheMb(1.5 * gb, 1 * gb)).toBe(256);
    expect(defaultEmbeddedCacheMb(1.5 * gb, 512 * mb)).toBe(128);
  });

  it('stops start-up naming the variable for a size the engine cannot hold', () => {
    for (const value of ['8', '4096', 'lots']) {
      expect(() => loadConfig({ EMBEDDED_CACHE_MB: value })).toThrow(/EMBEDDED_CACHE_MB/);
    }
  });
});

describe('configuration: orders written at once', () => {
  it('takes ORDERS_AT_ONCE as given, sixteen by default, and refuses less than one naming the variable', () => {
    expect(loadConfig({ ORDERS_AT_ONCE: '2' }).ORDERS_AT_ONCE).toBe(2);
    expect(loadConfig({}).ORDERS_AT_ONCE).toBe(16);
    for (const value of ['0', '1.5', 'all']) expect(() => loadConfig({ ORDERS_AT_ONCE: value })).toThrow(/ORDERS_AT_ONCE/);
  });
});

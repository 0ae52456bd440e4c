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
  it('takes EMBEDDED_CACHE_MB as given, and defaults to an eighth of the memory between 128 and 1024 MB', () => {
    expect(loadConfig({ EMBEDDED_CACHE_MB: '300' }).EMBEDDED_CACHE_MB).toBe(300);
    expect(loadConfig({}).EMBEDDED_CACHE_MB).toBe(defaultEmbeddedCacheMb());
    const gb = 2 ** 30;
    expect(defaultEmbeddedCacheMb(0.5 * gb)).toBe(128);
    expect(defaultEmbeddedCacheMb(2 * gb)).toBe(256);
    expect(defaultEmbeddedCacheMb(4 * gb)).toBe(512);
    expect(defaultEmbeddedCacheMb(8 * gb)).toBe(1024);
    expect(defaultEmbeddedCacheMb(24 * gb)).toBe(1024);
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

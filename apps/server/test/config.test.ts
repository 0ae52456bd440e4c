/** Where the configuration puts folders given as relative paths. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';

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

import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { checkNodeVersion, minimumOf } from './node-version.mjs';

const engines = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node;

describe('the Node version check of ensure-deps', () => {
  it('reads the minimum from engines.node, which is the true minimum 20.19', () => {
    expect(minimumOf(engines)).toEqual([20, 19, 0]);
  });

  it('refuses a version below the minimum by its full number, naming the minimum and the supported versions', () => {
    const result = checkNodeVersion('v20.18.3', engines);
    expect(result.ok).toBe(false);
    expect(result.message).toContain('Node 20.18.3 is too old');
    expect(result.message).toContain('Node 20.19.0 or newer');
    expect(result.message).toContain('Node 22 or Node 24 LTS');
    expect(checkNodeVersion('v18.20.0', engines).ok).toBe(false);
  });

  it('runs on Node 20.19 and later 20.x with an end-of-life warning, and on 22 and 24 without one', () => {
    expect(checkNodeVersion('v20.19.0', engines)).toMatchObject({ ok: true, warning: expect.stringContaining('end of life') });
    expect(checkNodeVersion('v22.12.0', engines)).toEqual({ ok: true });
    expect(checkNodeVersion('v24.21.0', engines)).toEqual({ ok: true });
    expect(checkNodeVersion('v25.0.0', engines)).toMatchObject({ ok: true, warning: expect.stringContaining('Node 22 or Node 24') });
  });
});

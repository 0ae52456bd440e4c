import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('precompressDirectory', () => {
  it('writes brotli and gzip copies of text assets that decompress to the original, and skips small and binary files', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'portal-precompress-'));
    mkdirSync(path.join(dir, 'assets'));
    const script = 'export const x = "Костюм рабочий";\n'.repeat(200);
    writeFileSync(path.join(dir, 'assets', 'index-1a2b.js'), script);
    writeFileSync(path.join(dir, 'assets', 'tiny-3c4d.css'), 'a{color:red}');
    writeFileSync(path.join(dir, 'assets', 'logo-5e6f.png'), Buffer.alloc(4096, 7));

    expect(await precompressDirectory(dir)).toBe(1);

    const js = path.join(dir, 'assets', 'index-1a2b.js');
    expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(script);
    expect(readFileSync(`${js}.br`).length).toBeLessThan(script.length / 10);
    expect(existsSync(path.join(dir, 'assets', 'tiny-3c4d.css.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'assets', 'logo-5e6f.png.gz'))).toBe(false);
  });
});

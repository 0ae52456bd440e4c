/** The built SPA goes out precompressed with long-lived caching, and big JSON answers are compressed on the fly. */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD_BYTES } from '../../src/lib/static-assets';
import { createTestApp, type TestApp } from '../support/helper';

// A stand-in for `vite build` output: an asset with the .br and .gz copies the build writes beside it.
const script = `export const catalogue = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `Костюм рабочий ${i}`))};\n`;
let webDist: string;
let t: TestApp;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'portal-web-dist-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html lang="ru"><div id="root"></div></html>');
  const asset = path.join(webDist, 'assets', 'index-Ab12Cd34.js');
  writeFileSync(asset, script);
  writeFileSync(`${asset}.br`, brotliCompressSync(script));
  writeFileSync(`${asset}.gz`, gzipSync(script));
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('static assets', () => {
  it('sends the brotli copy to a browser that accepts brotli, as immutable', async () => {
    const response = await t.app.inject({ url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends an asset with the headers that protect a script, not those of a page', async () => {
    const asset = await t.app.inject({ url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'br' } });
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const name of ['content-security-policy', 'strict-transport-security', 'x-frame-options', 'etag', 'last-modified']) {
      expect(asset.headers[name], name).toBeUndefined();
    }
    // index.html keeps them all: it is the document they govern.
    const page = await t.app.inject({ url: '/orders' });
    expect(page.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('sends the gzip copy to a client that accepts only gzip, and the plain file to one that accepts neither', async () => {
    const gzipped = await t.app.inject({ url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({ url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('has the browser revalidate index.html, also for client routes', async () => {
    for (const url of ['/', '/orders']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toContain('<div id="root">');
    }
  });
});

describe('JSON answers', () => {
  it('compresses an answer above the threshold when the client accepts it', async () => {
    const plain = await t.app.inject({ url: '/api/content/news' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);

    const br = await t.app.inject({ url: '/api/content/news', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzipped = await t.app.inject({ url: '/api/content/news', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends a small answer as it is', async () => {
    const response = await t.app.inject({ url: '/api/no-such-route', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});

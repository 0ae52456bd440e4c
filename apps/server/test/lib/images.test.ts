/**
 * Pictures never stop the server: sizes are read from the header and checked against a pixel limit for every kind
 * (logos, banners, avatars, claim photos), and decoding runs off the main thread.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanImage, DECODED_IMAGE_MAX_PIXELS, STORED_IMAGE_MAX_PIXELS } from '../../src/lib/images';
import { postMultipart } from '../support/logistics-orders';
import { createTestApp, signInAs, type TestApp } from '../support/helper';

let t: TestApp;
let demo: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  demo = await signInAs(t.app, 'demo');
});
afterAll(() => t.close());

/** A flat PNG: large in pixels, small in bytes, like a decompression bomb. */
const flatPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer();

/** A real 8×8 PNG whose header claims another size (the pixel data is not read before the check). */
async function pngClaiming(width: number, height: number) {
  const bytes = Buffer.from(await flatPng(8, 8));
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return bytes;
}

describe('pixel limits', () => {
  it('refuse a 6000×6000 logo and banner by their header, naming the file', async () => {
    const bytes = await flatPng(6000, 6000);
    expect(bytes.length).toBeLessThan(1024 * 1024);
    for (const kind of ['logo', 'banner']) {
      const response = await postMultipart(t.app, `/api/services/proposal/${kind}/add`, demo, {}, [
        { field: 'file', name: 'бомба.png', bytes, type: 'image/png' },
      ]);
      expect(response.statusCode).toBe(413);
      expect(response.json().error.message).toMatch(/«бомба\.png» 6000×6000 \(36 Мп\) слишком большое: уменьшите его до 24 Мп/);
    }
  });

  it('refuse an avatar whose header claims 100000×100000', async () => {
    const response = await postMultipart(t.app, '/api/user/settings/personal/update', demo, { name: 'Иван' }, [
      { field: 'avatar', name: 'avatar.png', bytes: await pngClaiming(100_000, 100_000), type: 'image/png' },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toMatch(/«avatar\.png» 100000×100000/);
  });

  it('refuse a claim photo over the limit for stored photos, and one that is not a picture inside', async () => {
    const side = Math.ceil(Math.sqrt(STORED_IMAGE_MAX_PIXELS)) + 1;
    const partner = (await t.app.inject({ url: '/api/partners', headers: demo })).json().response[0].guid as string;
    const fields = { partner_guid: partner, case: 'quality', title: 'Шов', message: 'Разошёлся шов' };
    const tooLarge = await postMultipart(t.app, '/api/user/claims/add', demo, fields, [
      { name: 'photo.png', bytes: await pngClaiming(side, side), type: 'image/png' },
    ]);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.message).toMatch(/«photo\.png»/);
    const damaged = await postMultipart(t.app, '/api/user/claims/add', demo, fields, [
      { name: 'broken.png', bytes: Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), type: 'image/png' },
    ]);
    expect(damaged.statusCode).toBe(415);
    expect(damaged.json().error.message).toMatch(/«broken\.png» повреждён/);
  });

  it('keep logos within the limit: decoded, cleaned and shrunk', async () => {
    const asset = await cleanImage(await flatPng(3000, 1000), { maxSide: 240 });
    expect(asset).toMatchObject({ mime: 'image/png', width: 240, height: 80 });
    expect(await cleanImage(await pngClaiming(6000, 6000))).toBeNull();
    expect(DECODED_IMAGE_MAX_PIXELS).toBeLessThan(6000 * 6000);
  });
});

describe('decoding off the main thread', () => {
  it('other requests are answered while a large picture is decoded', async () => {
    const bytes = await flatPng(4800, 4800); // 23 Mp: within the limit, so it is really decoded and encoded
    const order: string[] = [];
    const decoding = cleanImage(bytes, { maxSide: 1200 }).then((asset) => {
      order.push('image');
      return asset;
    });
    // Started after the decoding: if decoding held the main thread, this answer could only come after it.
    const light = t.app.inject({ url: '/api/' }).then((response) => {
      order.push('light request');
      return response;
    });
    const [asset, response] = await Promise.all([decoding, light]);
    expect(response.statusCode).toBe(200);
    expect(asset).toMatchObject({ width: 1200, height: 1200 });
    expect(order).toEqual(['light request', 'image']);
  });
});

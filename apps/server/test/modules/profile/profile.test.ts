import { DEFAULT_NOTIFICATION_SETTINGS } from '@portal/contracts';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, type TestApp } from '../../support/helper';

let t: TestApp;
let demo: Record<string, string>;
let demo2: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  demo = await signInAs(t.app, 'demo');
  demo2 = await signInAs(t.app, 'demo2');
});
afterAll(() => t.close());

/** A multipart body as a browser would send it. */
async function multipart(fields: Record<string, string>, files: Array<{ field: string; name: string; bytes: Buffer; type?: string }> = []) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files) form.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

function png(width = 4, height = 4): Buffer {
  const image = new PNG({ width, height });
  image.data.fill(200);
  return PNG.sync.write(image);
}

async function updatePersonal(headers: Record<string, string>, fields: Record<string, string>, files: Parameters<typeof multipart>[1] = []) {
  const body = await multipart(fields, files);
  return t.app.inject({
    method: 'POST',
    url: '/api/user/settings/personal/update',
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });
}

describe('GET /api/user/settings', () => {
  it('answers the personal data and the default notification settings', async () => {
    const response = await t.app.inject({ url: '/api/user/settings', headers: demo });
    expect(response.statusCode).toBe(200);
    expect(response.json().response).toEqual({
      personal: { name: 'Иван', lastname: 'Соколов', patronymic: 'Петрович', email: 'demo@example.ru', phone: '+7 (900) 000-00-01', image: null, email_confirmed: true },
      notifications: DEFAULT_NOTIFICATION_SETTINGS,
    });
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ url: '/api/user/settings' })).statusCode).toBe(401);
  });
});

describe('POST /api/user/settings/personal/update', () => {
  it('changes the sent fields and keeps the others', async () => {
    const response = await updatePersonal(demo2, { name: '  Мариэтта ', phone: '+7 (900) 111-22-33' });
    expect(response.statusCode).toBe(200);
    const personal = response.json().response.personal;
    expect(personal).toMatchObject({ name: 'Мариэтта', lastname: 'Орлова', phone: '+7 (900) 111-22-33' });
    const again = (await t.app.inject({ url: '/api/user/settings', headers: demo2 })).json().response.personal;
    expect(again.name).toBe('Мариэтта');
  });

  it('refuses an empty name and a wrong e-mail with messages that say what to fix, changing nothing', async () => {
    const response = await updatePersonal(demo2, { name: ' ', email: 'not-an-email', lastname: 'Новая' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('Укажите имя.');
    expect(response.json().error.message).toContain('E-mail указан неверно');
    const personal = (await t.app.inject({ url: '/api/user/settings', headers: demo2 })).json().response.personal;
    expect(personal.lastname).toBe('Орлова');
  });

  it('stores a PNG avatar, serves it to its owner, replaces it and removes it', async () => {
    const first = png(3, 3);
    const uploaded = await updatePersonal(demo, { name: 'Иван' }, [{ field: 'avatar', name: 'me.png', bytes: first, type: 'image/png' }]);
    expect(uploaded.statusCode).toBe(200);
    const image: string = uploaded.json().response.personal.image;
    expect(image).toMatch(/^\/api\/user\/settings\/avatar\/\d+$/);
    const served = await t.app.inject({ url: image, headers: demo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(first)).toBe(true);

    // A JPEG named .png is recognised by its bytes.
    const jpeg = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    const replaced = await updatePersonal(demo, {}, [{ field: 'avatar', name: 'photo.png', bytes: jpeg }]);
    expect(replaced.statusCode).toBe(200);
    const newImage: string = replaced.json().response.personal.image;
    expect(newImage).not.toBe(image);
    expect((await t.app.inject({ url: newImage, headers: demo })).headers['content-type']).toBe('image/jpeg');
    // The old avatar is gone.
    expect((await t.app.inject({ url: image, headers: demo })).statusCode).toBe(404);

    const removed = await updatePersonal(demo, { removeAvatar: 'true' });
    expect(removed.json().response.personal.image).toBeNull();
    expect((await t.app.inject({ url: newImage, headers: demo })).statusCode).toBe(404);
  });

  it('refuses an avatar above 2 MB with 413 and keeps the old data', async () => {
    const big = Buffer.concat([png(), Buffer.alloc(2 * 1024 * 1024, 0)]);
    const response = await updatePersonal(demo, { lastname: 'Большой' }, [{ field: 'avatar', name: 'big.png', bytes: big, type: 'image/png' }]);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toMatch(/big\.png.*больше 2 МБ/);
    const personal = (await t.app.inject({ url: '/api/user/settings', headers: demo })).json().response.personal;
    expect(personal.lastname).toBe('Соколов');
  });

  it('refuses a file that is not an image behind an image extension with 415', async () => {
    const response = await updatePersonal(demo, {}, [{ field: 'avatar', name: 'avatar.jpg', bytes: Buffer.from('<html>not an image</html>'), type: 'image/jpeg' }]);
    expect(response.statusCode).toBe(415);
    expect(response.json().error.message).toMatch(/avatar\.jpg.*PNG, JPEG, WebP/);
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const refusedGif = await updatePersonal(demo, {}, [{ field: 'avatar', name: 'avatar.png', bytes: gif, type: 'image/png' }]);
    expect(refusedGif.statusCode).toBe(415);
  });

  it('refuses a JSON body: the update is multipart', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/user/settings/personal/update', headers: demo, payload: { name: 'X' } });
    expect(response.statusCode).toBe(415);
  });
});

describe('avatar access', () => {
  it("does not serve demo's avatar to demo2", async () => {
    const uploaded = await updatePersonal(demo, {}, [{ field: 'avatar', name: 'me.png', bytes: png(), type: 'image/png' }]);
    const image: string = uploaded.json().response.personal.image;
    expect((await t.app.inject({ url: image, headers: demo })).statusCode).toBe(200);
    const foreign = await t.app.inject({ url: image, headers: demo2 });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('NOT_FOUND');
    expect((await t.app.inject({ url: image })).statusCode).toBe(401);
  });
});

describe('POST /api/user/settings/notifications/update', () => {
  const settings = {
    order: { email: { changed: false, created: true, states: false }, lk: { changed: true, created: false, states: true } },
  };

  it('stores the settings for this user only', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/user/settings/notifications/update', headers: demo, payload: settings });
    expect(response.statusCode).toBe(200);
    expect(response.json().response).toEqual(settings);
    expect((await t.app.inject({ url: '/api/user/settings', headers: demo })).json().response.notifications).toEqual(settings);
    expect((await t.app.inject({ url: '/api/user/settings', headers: demo2 })).json().response.notifications).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
  });

  it('refuses an incomplete body with a message naming the field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/settings/notifications/update',
      headers: demo,
      payload: { order: { email: { changed: true, created: true }, lk: settings.order.lk } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/order\.email\.states/);
  });
});

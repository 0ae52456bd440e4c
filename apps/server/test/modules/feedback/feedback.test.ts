import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackFiles, feedbackRequests, files } from '../../../src/db/schema';
import { createTestApp, signInAs, type TestApp } from '../../support/helper';

let t: TestApp;
let demo: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  demo = await signInAs(t.app, 'demo');
});
afterAll(() => t.close());

async function sendFeedback(fields: Record<string, string>, attachments: Array<{ name: string; bytes: Buffer }> = [], headers = demo) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of attachments) form.append('files', new Blob([new Uint8Array(file.bytes)]), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return t.app.inject({
    method: 'POST',
    url: '/api/user/request/feedback',
    headers: { ...headers, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF');
/** A real picture: a PNG signature alone no longer passes, its header must give a size. */
const screenshot = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#ffffff' } }).png().toBuffer();
const countRows = async () => (await t.app.db.select().from(feedbackRequests)).length;

describe('POST /api/user/request/feedback', () => {
  it('stores an error report with its files and answers 201', async () => {
    const response = await sendFeedback({ type: 'error', text: 'Не открывается заказ 10001' }, [
      { name: 'screen.png', bytes: screenshot },
      { name: 'акт.pdf', bytes: pdf },
    ]);
    expect(response.statusCode).toBe(201);
    const id = response.json().response.id as number;
    const [row] = await t.app.db.select().from(feedbackRequests).where(eq(feedbackRequests.id, id));
    expect(row).toMatchObject({ type: 'error', text: 'Не открывается заказ 10001' });
    const stored = await t.app.db
      .select({ name: files.name, mime: files.mime, key: files.storageKey, purpose: files.purpose })
      .from(feedbackFiles)
      .innerJoin(files, eq(files.id, feedbackFiles.fileId))
      .where(eq(feedbackFiles.feedbackId, id));
    expect(stored.map((file) => [file.name, file.mime, file.purpose]).sort()).toEqual([
      ['screen.png', 'image/png', 'feedback'],
      ['акт.pdf', 'application/pdf', 'feedback'],
    ]);
    for (const file of stored) expect(await t.app.storage.get(file.key)).not.toBeNull();
  });

  it('accepts a suggestion without files', async () => {
    const response = await sendFeedback({ type: 'info', text: 'Добавьте фильтр по сезону' });
    expect(response.statusCode).toBe(201);
  });

  it('refuses an unknown type and an empty text with messages, storing nothing', async () => {
    const before = await countRows();
    const wrongType = await sendFeedback({ type: 'complaint', text: 'Текст' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.message).toMatch(/error.*info/);
    const empty = await sendFeedback({ type: 'info', text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Опишите ошибку или предложение.');
    expect(await countRows()).toBe(before);
  });

  it('refuses a program behind a .png name with 415 and a file above 10 MB with 413, storing nothing', async () => {
    const before = await countRows();
    const disguised = await sendFeedback({ type: 'error', text: 'Скриншот' }, [{ name: 'screen.png', bytes: Buffer.from('MZ\x90\x00 executable', 'latin1') }]);
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json().error.message).toContain('screen.png');
    const big = await sendFeedback({ type: 'error', text: 'Большой файл' }, [{ name: 'big.pdf', bytes: Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)]) }]);
    expect(big.statusCode).toBe(413);
    expect(await countRows()).toBe(before);
  });

  it('refuses more than 5 files', async () => {
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.pdf`, bytes: pdf }));
    const response = await sendFeedback({ type: 'error', text: 'Много файлов' }, six);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toMatch(/не больше 5/);
  });

  it('needs a session', async () => {
    const response = await sendFeedback({ type: 'info', text: 'Аноним' }, [], {});
    expect(response.statusCode).toBe(401);
  });
});

/** Drives the 1C exchange over HTTP as 1C does (checkauth → init → file in chunks → import until done). */
import type { FastifyInstance } from 'fastify';
import iconv from 'iconv-lite';
import { expect } from 'vitest';

export const EXCHANGE_LOGIN = 'exchange-1c';
export const EXCHANGE_PASSWORD = 'exchange-secret-1c';
export const basicAuth = (login = EXCHANGE_LOGIN, password = EXCHANGE_PASSWORD) => `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;

export interface ExchangeReply {
  status: number;
  contentType: string;
  lines: string[];
}

export async function exchangeCall(
  app: FastifyInstance,
  query: Record<string, string>,
  options: { cookie?: string; authorization?: string; body?: Buffer; path?: string } = {},
): Promise<ExchangeReply> {
  const response = await app.inject({
    method: options.body ? 'POST' : 'GET',
    url: `${options.path ?? '/api/1c/exchange'}?${new URLSearchParams(query).toString()}`,
    headers: {
      ...(options.authorization !== undefined && { authorization: options.authorization }),
      ...(options.cookie !== undefined && { cookie: options.cookie }),
      ...(options.body && { 'content-type': 'application/octet-stream' }),
    },
    ...(options.body && { payload: options.body }),
  });
  return {
    status: response.statusCode,
    contentType: String(response.headers['content-type']),
    lines: iconv.decode(response.rawPayload, 'win1251').split('\n'),
  };
}

/** checkauth with Basic: the cookie 1C sends on the next calls. */
export async function checkauth(app: FastifyInstance, type = 'catalog'): Promise<string> {
  const reply = await exchangeCall(app, { type, mode: 'checkauth' }, { authorization: basicAuth() });
  expect(reply.lines[0]).toBe('success');
  return `${reply.lines[1]}=${reply.lines[2]}`;
}

export async function init(app: FastifyInstance, cookie: string, type = 'catalog'): Promise<{ zip: string; fileLimit: number }> {
  const reply = await exchangeCall(app, { type, mode: 'init' }, { cookie });
  const values = Object.fromEntries(reply.lines.map((line) => line.split('=') as [string, string]));
  return { zip: values.zip!, fileLimit: Number(values.file_limit) };
}

/** Sends a file in chunks of at most `chunk` bytes, as 1C splits files larger than file_limit. */
export async function sendFile(app: FastifyInstance, cookie: string, filename: string, bytes: Buffer, chunk: number) {
  for (let offset = 0; offset < bytes.length; offset += chunk) {
    const reply = await exchangeCall(app, { type: 'catalog', mode: 'file', filename }, { cookie, body: bytes.subarray(offset, offset + chunk) });
    expect(reply.lines[0]).toBe('success');
  }
}

/** Calls import until the answer is no longer `progress`; answers every answer seen. */
export async function importUntilDone(app: FastifyInstance, cookie: string, filename: string): Promise<ExchangeReply[]> {
  const answers: ExchangeReply[] = [];
  for (;;) {
    const reply = await exchangeCall(app, { type: 'catalog', mode: 'import', filename }, { cookie });
    answers.push(reply);
    if (reply.lines[0] !== 'progress') return answers;
    // 1C calls again at once; the pause only keeps this loop from spinning while the import works.
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

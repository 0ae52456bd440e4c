/**
 * 1C's side of «обмен с сайтом» (CommerceML 2), driven over HTTP as 1C drives it: checkauth with Basic, then the
 * cookie it answered on every call; init; the catalogue's files in parts of at most file_limit and import until it
 * is no longer `progress`; the orders' query and success; the order documents 1C sends back. Answers are read as 1C
 * reads them, in windows-1251.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { E2E_EXCHANGE_LOGIN, E2E_EXCHANGE_PASSWORD } from './global-setup';

const EXCHANGE_PATH = '/api/1c/exchange';
const windows1251 = new TextDecoder('windows-1251');

export interface ExchangeAnswer {
  status: number;
  /** The answer's text lines: «success» / «failure» / «progress» first, then what the portal says. */
  lines: string[];
  text: string;
}

export interface ExchangeSession {
  type: 'catalog' | 'sale';
  cookie: string;
  fileLimit: number;
}

async function call(
  request: APIRequestContext,
  query: Record<string, string>,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<ExchangeAnswer> {
  const url = `${EXCHANGE_PATH}?${new URLSearchParams(query).toString()}`;
  const response = body
    ? await request.post(url, { headers: { ...headers, 'content-type': 'application/octet-stream' }, data: body })
    : await request.get(url, { headers });
  const text = windows1251.decode(await response.body());
  return { status: response.status(), lines: text.split('\n'), text };
}

/** checkauth with the exchange user's login and password, then init: the session 1C goes on with. */
export async function startExchange(request: APIRequestContext, type: ExchangeSession['type']): Promise<ExchangeSession> {
  const basic = `Basic ${Buffer.from(`${E2E_EXCHANGE_LOGIN}:${E2E_EXCHANGE_PASSWORD}`).toString('base64')}`;
  const auth = await call(request, { type, mode: 'checkauth' }, { authorization: basic });
  expect(auth.lines[0], auth.text).toBe('success');
  const cookie = `${auth.lines[1]}=${auth.lines[2]}`;
  const init = await call(request, { type, mode: 'init' }, { cookie });
  const values = Object.fromEntries(init.lines.map((line) => line.split('=') as [string, string]));
  const fileLimit = Number(values.file_limit);
  expect(fileLimit, init.text).toBeGreaterThan(0);
  return { type, cookie, fileLimit };
}

/** Sends a file of the catalogue in parts of at most file_limit bytes, as 1C splits a larger one. */
export async function sendCatalogFile(request: APIRequestContext, session: ExchangeSession, filename: string, bytes: Buffer) {
  for (let offset = 0; offset < bytes.length; offset += session.fileLimit) {
    const part = bytes.subarray(offset, offset + session.fileLimit);
    const answer = await call(request, { type: 'catalog', mode: 'file', filename }, { cookie: session.cookie }, part);
    expect(answer.lines[0], answer.text).toBe('success');
  }
}

/** Calls import until the answer is no longer `progress` (each call waits on the server while the import works). */
export async function importCatalogFile(request: APIRequestContext, session: ExchangeSession, filename: string): Promise<ExchangeAnswer> {
  for (;;) {
    const answer = await call(request, { type: 'catalog', mode: 'import', filename }, { cookie: session.cookie });
    if (answer.lines[0] !== 'progress') return answer;
  }
}

/** `query`: the CommerceML document of the orders 1C has not taken yet, as its text. */
export async function queryOrders(request: APIRequestContext, session: ExchangeSession): Promise<string> {
  const answer = await call(request, { type: 'sale', mode: 'query' }, { cookie: session.cookie });
  expect(answer.status).toBe(200);
  expect(answer.text.startsWith('<?xml version="1.0" encoding="windows-1251"?>'), answer.text.slice(0, 200)).toBe(true);
  return answer.text;
}

/** `success`: 1C has loaded the orders of its last query. */
export async function confirmOrdersTaken(request: APIRequestContext, session: ExchangeSession) {
  const answer = await call(request, { type: 'sale', mode: 'success' }, { cookie: session.cookie });
  expect(answer.lines[0], answer.text).toBe('success');
}

/** `file` of the orders exchange: order documents from 1C; the answer says what was applied. */
export function sendOrderDocuments(request: APIRequestContext, session: ExchangeSession, filename: string, bytes: Buffer): Promise<ExchangeAnswer> {
  return call(request, { type: 'sale', mode: 'file', filename }, { cookie: session.cookie }, bytes);
}

/** One «Документ» of a query's answer: a check of a portal order (Ид: the check, Номер: the order). */
export interface QueriedDocument {
  id: string;
  number: number;
  /** The document's XML, as the portal wrote it. */
  xml: string;
}

/** The documents of a query's answer, one per line as the portal writes them. */
export function queriedDocuments(xml: string): QueriedDocument[] {
  return [...xml.matchAll(/<Документ><Ид>([^<]+)<\/Ид><Номер>(\d+)<\/Номер>[\s\S]*?<\/Документ>/g)].map((match) => ({
    id: match[1]!,
    number: Number(match[2]),
    xml: match[0],
  }));
}

/**
 * Text in windows-1251, the encoding 1C writes its exchange files in: ASCII, the Russian alphabet and the few
 * punctuation marks its documents use. Any other character is a mistake in the test's document, not something to drop.
 */
export function encodeWindows1251(text: string): Buffer {
  const punctuation: Record<string, number> = { 'Ё': 0xa8, 'ё': 0xb8, '«': 0xab, '»': 0xbb, '№': 0xb9, '–': 0x96, '—': 0x97 };
  const bytes = [...text].map((character) => {
    const code = character.codePointAt(0)!;
    if (code < 0x80) return code;
    if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
    const byte = punctuation[character];
    if (byte === undefined) throw new Error(`«${character}» is not written in windows-1251 here`);
    return byte;
  });
  return Buffer.from(bytes);
}

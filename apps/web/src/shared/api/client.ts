/**
 * The one API client (spec §7): base path /api, JSON, no cookies, the stored token as a bearer header, no timeout.
 * Answers are unwrapped from the `{error, response}` envelope; failures throw ApiError with the server's message.
 */
import { STORAGE_KEYS } from '../storage-keys';
import { takeOpeningResponse } from './opening-requests';

export const API_BASE = '/api';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    /** The answer's whole error object, for errors that carry more than a message (an order's prices to confirm). */
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object goes as JSON; FormData goes as multipart. */
  body?: unknown;
  query?: Query;
  /** Send the bearer token (default true). Public calls such as product search go without it (spec §7). */
  auth?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

let onUnauthorized: () => void = () => {};
/** The auth store registers what a 401 does (sign out); kept here so the client has no import of the store. */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

export function buildUrl(path: string, query?: Query): string {
  const url = `${API_BASE}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) params.set(key, String(value));
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const token = localStorage.getItem(STORAGE_KEYS.token);
  if (token && options.auth !== false) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const url = buildUrl(path, options.query);
  const method = options.method ?? (body ? 'POST' : 'GET');
  let response: Response;
  try {
    // A plain GET may have been sent already by the boot script, with the opening screen's first requests.
    const early =
      method === 'GET' && body === undefined && !options.headers && !options.signal?.aborted
        ? await takeOpeningResponse(url, headers.authorization ? (token ?? '') : '')
        : undefined;
    response = early ?? (await fetch(url, { method, headers, body, credentials: 'omit', signal: options.signal }));
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError('Нет связи с сервером. Проверьте подключение к интернету и повторите.', 0, 'NETWORK');
  }
  if (response.status === 401 && path !== '/auth') onUnauthorized();
  return response;
}

async function errorOf(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  try {
    const parsed = JSON.parse(text) as { error?: { code?: string; message?: string; msg?: string } };
    const message = parsed.error?.message ?? parsed.error?.msg;
    if (message) return new ApiError(message, response.status, parsed.error?.code ?? 'ERROR', parsed.error);
  } catch {
    // not JSON: fall through
  }
  return new ApiError(`Ошибка ответа сервера: ${response.status} ${response.statusText}`.trim(), response.status, 'HTTP');
}

/** Calls the API and answers `response` of the envelope. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  if (!response.ok) throw await errorOf(response);
  const envelope = (await response.json().catch(() => {
    throw new ApiError('Ответ сервера не читается. Обновите страницу и повторите.', response.status, 'PARSE');
  })) as { error: { code: string; message: string } | null; response: T };
  if (envelope.error) throw new ApiError(envelope.error.message, response.status, envelope.error.code);
  return envelope.response;
}

/** Calls an endpoint that answers a file (PDF, docx, zip) and answers it with the server's file name. */
export async function apiFile(path: string, options: RequestOptions = {}): Promise<{ blob: Blob; fileName: string | null }> {
  const response = await send(path, { ...options, headers: { accept: '*/*', ...options.headers } });
  if (!response.ok) throw await errorOf(response);
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition')) };
}

function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (utf8) return decodeURIComponent(utf8);
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
}

/** Saves a blob as a download. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

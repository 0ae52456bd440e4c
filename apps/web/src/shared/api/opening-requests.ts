/**
 * The opening screen's first GET requests, started by the boot script (src/boot/boot.ts) before the app's entry has
 * arrived, and taken by the API client (client.ts) instead of asking again. An answer is taken once, only by a call
 * that would send exactly the same request (same address, GET, the same token or none), and only within a short
 * while of the page's start; a request that failed, or one nobody took, changes nothing: the client then asks as
 * usual and shows what that answers.
 */

/** The window property the boot script leaves the requests in. */
export const OPENING_REQUESTS = '__portalOpeningRequests';

/** An answer older than this is not taken (the caches' freshness starts from when the app asks). */
export const OPENING_REQUEST_MAX_AGE_MS = 20_000;

export interface OpeningRequest {
  /** The address as the client builds it (buildUrl): /api/… with its query. */
  url: string;
  /** The bearer token sent, '' for a call without one. */
  token: string;
  /** performance.now() when it was sent. */
  sentAt: number;
  response: Promise<Response>;
}

declare global {
  interface Window {
    [OPENING_REQUESTS]?: OpeningRequest[];
  }
}

/** The headers the client sends on a GET without options of its own (client.ts `send`). */
export function getHeaders(token: string): Record<string, string> {
  return token ? { accept: 'application/json', authorization: `Bearer ${token}` } : { accept: 'application/json' };
}

/** Sends a request as the client would, and keeps it for the client to take. */
export function startOpeningRequest(url: string, token: string): void {
  const response = fetch(url, { method: 'GET', headers: getHeaders(token), credentials: 'omit' });
  // Nobody may take it: its failure must not surface as an unhandled rejection.
  response.catch(() => undefined);
  (window[OPENING_REQUESTS] ??= []).push({ url, token, sentAt: performance.now(), response });
}

/**
 * The early answer to this request, if one was started and not yet taken: a successful response, or undefined when
 * there was none, it is too old, or it failed (network error or an error status) — the caller then asks itself.
 */
export async function takeOpeningResponse(url: string, token: string): Promise<Response | undefined> {
  const requests = typeof window === 'undefined' ? undefined : window[OPENING_REQUESTS];
  if (!requests?.length) return undefined;
  const index = requests.findIndex((request) => request.url === url && request.token === token);
  if (index < 0) return undefined;
  const [request] = requests.splice(index, 1);
  if (!request || performance.now() - request.sentAt > OPENING_REQUEST_MAX_AGE_MS) return undefined;
  const response = await request.response.catch(() => undefined);
  return response?.ok ? response : undefined;
}

/** GET /api/ at page load (spec §7): the latest client version, `{error: {msg}}` or `{response: {last}}`. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TVersionResponse } from '@portal/contracts';
import { API_BASE } from '../../../shared/api/client';

export class VersionCheckError extends Error {
  override name = 'VersionCheckError';
}

/** Answers the latest version; throws VersionCheckError on an error in the answer, a network or a parse failure. */
export async function getLatestVersion(signal?: AbortSignal): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/`, { headers: { accept: 'application/json' }, credentials: 'omit', signal });
  } catch (error) {
    throw new VersionCheckError(`нет связи с сервером (${error instanceof Error ? error.message : String(error)})`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new VersionCheckError(`ответ сервера не читается (HTTP ${response.status})`);
  }
  const envelope = body as { error?: { msg?: string; message?: string } | null; response?: unknown } | null;
  if (envelope?.error) throw new VersionCheckError(envelope.error.msg ?? envelope.error.message ?? JSON.stringify(envelope.error));
  if (!response.ok) throw new VersionCheckError(`HTTP ${response.status}`);
  // Checked by hand, not with the contract's zod schema (a single string field): the version check runs on the very
  // first load, which is kept free of zod (about 22 KB gzip) until a screen that needs it.
  const last = (envelope?.response as Partial<TVersionResponse> | null | undefined)?.last;
  if (typeof last !== 'string') throw new VersionCheckError('в ответе сервера нет номера последней версии');
  return last;
}

export const latestVersionQueryOptions = () =>
  queryOptions({
    queryKey: ['version', 'latest'],
    queryFn: ({ signal }) => getLatestVersion(signal),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

export const useLatestVersion = () => useQuery(latestVersionQueryOptions());

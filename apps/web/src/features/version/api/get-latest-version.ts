/** GET /api/ at page load (spec §7): the latest client version, `{error: {msg}}` or `{response: {last}}`. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZVersionResponseSchema } from '@portal/contracts';
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
  const parsed = ZVersionResponseSchema.safeParse(envelope?.response);
  if (!parsed.success) throw new VersionCheckError('в ответе сервера нет номера последней версии');
  return parsed.data.last;
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

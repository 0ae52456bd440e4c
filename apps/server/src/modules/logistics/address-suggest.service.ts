/**
 * Address suggestions: passed to the upstream suggestion service when ADDRESS_SUGGEST_URL and ADDRESS_SUGGEST_TOKEN
 * are set (its answer has the same shape), otherwise answered by the built-in gazetteer.
 */
import { ZAddressSuggestResponseSchema, type TAddressSuggestRequest, type TAddressSuggestResponse } from '@portal/contracts';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import { builtInGazetteer } from './address-gazetteer';

const UPSTREAM_TIMEOUT_MS = 5000;

export async function suggestAddress(
  config: Pick<Config, 'ADDRESS_SUGGEST_URL' | 'ADDRESS_SUGGEST_TOKEN'>,
  request: TAddressSuggestRequest,
): Promise<TAddressSuggestResponse> {
  if (config.ADDRESS_SUGGEST_URL && config.ADDRESS_SUGGEST_TOKEN) {
    return askUpstream(config.ADDRESS_SUGGEST_URL, config.ADDRESS_SUGGEST_TOKEN, request);
  }
  return { suggestions: builtInGazetteer().suggest(request.query, request.count) };
}

async function askUpstream(url: string, token: string, request: TAddressSuggestRequest): Promise<TAddressSuggestResponse> {
  const unavailable = (details: unknown) =>
    new AppError('UNAVAILABLE', 'Подсказки адресов сейчас недоступны: введите адрес вручную или повторите позже.', details);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Token ${token}` },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    });
  } catch (error) {
    throw unavailable({ upstream: url, error: (error as Error).message });
  }
  if (!response.ok) throw unavailable({ upstream: url, status: response.status });
  const parsed = ZAddressSuggestResponseSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw unavailable({ upstream: url, problem: 'unexpected answer shape' });
  return parsed.data;
}

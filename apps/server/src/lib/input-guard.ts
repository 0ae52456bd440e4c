/**
 * Refuses, on every route, input that no field may hold and that would otherwise fail deep inside (PostgreSQL
 * refuses NUL in text and lone surrogates in JSON): NUL characters and lone UTF-16 surrogates in any text, and
 * numbers no field can hold (beyond ±2^53, or infinite), and text longer than any field takes (TEXT_LIMITS.document:
 * the contracts set each field's own, shorter limit). Runs before validation, on the body, the query and the path
 * parameters alike, and names the field in a Russian 400.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { TEXT_LIMITS } from '@portal/contracts';
import { AppError } from './errors';

// eslint-disable-next-line no-control-regex -- NUL is exactly what must be found
const NUL = /\u0000/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export type InputProblem = 'nul' | 'surrogate' | 'number' | 'long';

/** The first unacceptable value under `value`, with its path (e.g. "bags.wear", "items.0.label"). */
export function findBadInput(value: unknown, path: string[] = [], depth = 0, maxText: number = TEXT_LIMITS.document): { path: string; problem: InputProblem } | null {
  if (typeof value === 'string') return value.length > maxText ? { path: path.join('.'), problem: 'long' } : textProblem(value, path);
  if (typeof value === 'number') {
    return Number.isFinite(value) && Math.abs(value) <= Number.MAX_SAFE_INTEGER ? null : { path: path.join('.'), problem: 'number' };
  }
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  for (const [key, item] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
    const at = [...path, String(key)];
    const keyProblem = typeof key === 'string' ? textProblem(key, at) : null;
    if (keyProblem) return keyProblem;
    const found = findBadInput(item, at, depth + 1, maxText);
    if (found) return found;
  }
  return null;
}

function textProblem(text: string, path: string[]) {
  if (NUL.test(text)) return { path: path.join('.'), problem: 'nul' as const };
  if (LONE_SURROGATE.test(text)) return { path: path.join('.'), problem: 'surrogate' as const };
  return null;
}

const PLACES = { body: 'Поле', query: 'Параметр', params: 'Часть адреса' } as const;
const PROBLEMS: Record<InputProblem, string> = {
  nul: 'содержит недопустимый символ с кодом 0: удалите его и отправьте снова',
  surrogate: 'содержит повреждённый символ (половину пары UTF-16): наберите текст заново и отправьте снова',
  number: 'содержит слишком большое число: укажите значение меньше',
  long: `длиннее ${TEXT_LIMITS.document} символов: сократите текст`,
};

export function badInputError(place: keyof typeof PLACES, found: { path: string; problem: InputProblem }) {
  const name = found.path ? `${PLACES[place]} «${found.path}»` : place === 'body' ? 'Тело запроса' : PLACES[place];
  return new AppError('VALIDATION', `${name} ${PROBLEMS[found.problem]}.`);
}

function checkRequest(request: FastifyRequest) {
  // A batch whose items are checked one by one (the integration API) refuses an item with a long field, not the batch.
  const bodyTextLimit = request.routeOptions.config.itemsCheckedOneByOne ? Infinity : TEXT_LIMITS.document;
  for (const place of ['params', 'query', 'body'] as const) {
    const found = findBadInput(request[place], [], 0, place === 'body' ? bodyTextLimit : TEXT_LIMITS.document);
    if (found) throw badInputError(place, found);
  }
}

export const inputGuard = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => checkRequest(request));
});

import { z } from 'zod';
import type { ERROR_CODES, ErrorCode } from './errors';

/** Every JSON answer of the API: `{error: null, response}` on success, `{error: {code, message}, response: null}` on failure. */
export const ZApiErrorSchema = z.object({ code: z.string(), message: z.string() });
export type TApiError = z.infer<typeof ZApiErrorSchema>;

export function okEnvelope<T extends z.ZodType>(response: T) {
  return z.object({ error: z.null(), response });
}

/**
 * The one body of every error answer. The error is open: besides its code and Russian message it may carry what the
 * client needs to act (an order to confirm), and the answer's serialiser must keep that rather than strip it.
 */
export const ZErrorEnvelopeSchema = z
  .object({ error: ZApiErrorSchema.loose(), response: z.null() })
  .meta({ id: 'ErrorEnvelope', description: 'An error: its stable code (ERROR_CODES) and a Russian message saying what to fix.' });

export type TEnvelope<T> = { error: null; response: T } | { error: TApiError; response: null };

/** The HTTP statuses of the API's error answers (each code of ERROR_CODES has one). */
export type ErrorStatus = (typeof ERROR_CODES)[ErrorCode]['status'];

/**
 * The error answers a route declares, each the error envelope, as a route's `response` spreads them:
 * `response: { 200: okEnvelope(…), ...errorResponses(400, 401, 404) }`. A status a route can answer and does not
 * list is missing from the OpenAPI document and from the client generated from it.
 */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]): Record<S, typeof ZErrorEnvelopeSchema> {
  return Object.fromEntries(statuses.map((status) => [status, ZErrorEnvelopeSchema])) as Record<S, typeof ZErrorEnvelopeSchema>;
}

/** The bytes of a file answer (a PDF, a picture, a zip): sent as they are, never serialised; OpenAPI names them binary. */
export const ZFileBytesSchema = z.custom<Uint8Array>((value) => value instanceof Uint8Array).meta({ type: 'string', format: 'binary' });

/** The success answer of a route that sends a file rather than JSON: its media types (`image/*` for any picture). */
export function fileAnswer(description: string, ...mediaTypes: string[]) {
  return { description, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: ZFileBytesSchema }])) };
}

/** The longest Idempotency-Key a write accepts. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;

/**
 * The request headers of a write that a retry must not repeat (submitting an order): the client sends the same key with
 * every attempt (the web sends its working order's id), and a key already seen answers the stored first answer. Other
 * headers are not the schema's: Fastify keeps them as they came.
 */
export const ZIdempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .max(IDEMPOTENCY_KEY_MAX_LENGTH, `Заголовок Idempotency-Key слишком длинный: не больше ${IDEMPOTENCY_KEY_MAX_LENGTH} символов.`)
    .optional()
    .meta({ description: 'Makes retries safe: the same key answers the first answer again (header Idempotent-Replayed: true) and places nothing.' }),
});

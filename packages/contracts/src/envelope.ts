import { z } from 'zod';

/** Every JSON answer of the API: `{error: null, response}` on success, `{error: {code, message}, response: null}` on failure. */
export const ZApiErrorSchema = z.object({ code: z.string(), message: z.string() });
export type TApiError = z.infer<typeof ZApiErrorSchema>;

export function okEnvelope<T extends z.ZodType>(response: T) {
  return z.object({ error: z.null(), response });
}

export const ZErrorEnvelopeSchema = z.object({ error: ZApiErrorSchema, response: z.null() });

export type TEnvelope<T> = { error: null; response: T } | { error: TApiError; response: null };

import { z } from 'zod';

/** POST /api/auth body: the client's clock and the HMAC of it (the credentials go in the Basic header). */
export const ZSignInBodySchema = z.object({
  timestamp: z.number({ error: 'Поле timestamp должно быть числом (время клиента в миллисекундах).' }).int(),
  hash: z.string({ error: 'Поле hash обязательно.' }).regex(/^[0-9a-f]{64}$/, 'Поле hash должно быть hex-строкой HMAC-SHA256.'),
});
export type TSignInBody = z.infer<typeof ZSignInBodySchema>;

export const ZSignInResponseSchema = z.object({ token: z.string(), src: z.string().optional() });
export type TSignInResponse = z.infer<typeof ZSignInResponseSchema>;

/** POST /api/auth/logout: the session is revoked. */
export const ZSignedOutSchema = z.object({ ok: z.boolean() });

/** GET /api/ — the latest client version. */
export const ZVersionResponseSchema = z.object({ last: z.string() });
export type TVersionResponse = z.infer<typeof ZVersionResponseSchema>;

/** GET /api/auth/me — who is signed in (used by the client's check-authentication at start). */
export const ZCurrentUserSchema = z.object({
  login: z.string(),
  name: z.string(),
  lastname: z.string(),
});
export type TCurrentUser = z.infer<typeof ZCurrentUserSchema>;

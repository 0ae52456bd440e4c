/**
 * Who may exchange: the one exchange user of the configuration (EXCHANGE_LOGIN, EXCHANGE_PASSWORD), never a portal
 * user. 1C authenticates `checkauth` with Basic and then sends the cookie it was answered; later steps accept either.
 * The cookie is signed with the password (and the portal's salt) and carries its expiry, so every server process
 * accepts it without shared state, and a new password ends every exchange session at once.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config';

export const EXCHANGE_COOKIE = 'portal_1c_exchange';
/** An exchange of a large catalogue takes hours on slow links: the session outlives it. */
const SESSION_SECONDS = 24 * 3600;

const digest = (value: string) => createHash('sha256').update(value).digest();
const equal = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

function signature(config: Config, expires: number): string {
  return createHmac('sha256', `${config.AUTH_SALT}:${config.EXCHANGE_PASSWORD ?? ''}`)
    .update(`${config.EXCHANGE_LOGIN ?? ''}:${expires}`)
    .digest('base64url');
}

/** Whether the Authorization header carries the exchange user's login and password (Basic). */
export function basicAuthMatches(config: Config, header: string | undefined): boolean {
  const encoded = /^Basic\s+(\S+)$/i.exec(header ?? '')?.[1];
  if (!encoded || !config.EXCHANGE_LOGIN || !config.EXCHANGE_PASSWORD) return false;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return false;
  // Both compared, always: the answer takes as long whichever is wrong.
  const loginOk = equal(decoded.slice(0, colon), config.EXCHANGE_LOGIN);
  const passwordOk = equal(decoded.slice(colon + 1), config.EXCHANGE_PASSWORD);
  return loginOk && passwordOk;
}

export function newSessionCookie(config: Config, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + SESSION_SECONDS;
  return `${expires}.${signature(config, expires)}`;
}

/** Whether the Cookie header carries a valid, unexpired exchange session. */
export function sessionCookieValid(config: Config, cookieHeader: string | undefined, now = Date.now()): boolean {
  const value = (cookieHeader ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${EXCHANGE_COOKIE}=`))
    ?.slice(EXCHANGE_COOKIE.length + 1);
  const [expiresText, signed] = (value ?? '').split('.');
  const expires = Number(expiresText);
  if (!signed || !Number.isInteger(expires) || expires * 1000 < now) return false;
  return equal(signed, signature(config, expires));
}

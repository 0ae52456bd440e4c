/** Rules of the realtime socket that need no socket: which origins may open it. */

/**
 * A browser page may open the socket only from an allowed origin (ALLOWED_ORIGINS) or from the portal's own origin —
 * its host and its scheme (`protocol`: http or https as the portal is reached, behind a proxy as it says when
 * TRUST_PROXY is on): a page served over plain HTTP is another origin than the same host over HTTPS. This stops
 * another site from riding a dealer's browser. Clients that send no Origin (not browsers) still need a valid token.
 */
export function isOriginAllowed(origin: string | undefined, host: string | undefined, allowed: readonly string[], protocol: string): boolean {
  if (origin === undefined) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (allowed.some((entry) => sameOrigin(entry, parsed))) return true;
  return host !== undefined && parsed.host.toLowerCase() === host.toLowerCase() && parsed.protocol === `${protocol}:`;
}

function sameOrigin(entry: string, origin: URL): boolean {
  try {
    return new URL(entry).origin === origin.origin;
  } catch {
    return false;
  }
}

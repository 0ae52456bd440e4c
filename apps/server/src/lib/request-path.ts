/**
 * The router's view of a request path, made the same as a browser's: dot segments (`/a/../api`, `/%2e%2e/`) are
 * resolved before routing, so a path cannot name one route while looking like another. Duplicate slashes and
 * letter case are handled by the router's own options (see app.ts).
 */
const DOT_SEGMENT = /(^|\/)(\.|%2e){1,2}(\/|\?|$)/i;

export function resolveDotSegments(url: string): string {
  if (!DOT_SEGMENT.test(url.split('?')[0] ?? '')) return url;
  const resolved = new URL(url, 'http://portal.invalid');
  return resolved.pathname + resolved.search;
}

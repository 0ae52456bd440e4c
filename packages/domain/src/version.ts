/**
 * Client version check (spec §5 "Version"): the client is outdated unless its version text is greater than or
 * equal to the latest version text. The comparison is deliberately by text, not by numeric parts, so "0.4.10"
 * counts as older than "0.4.6" — that is how the released clients behave and the server's answer relies on it.
 */
export const CLIENT_VERSION = '0.4.6';

export function isClientOutdated(current: string, latest: string): boolean {
  return !(current >= latest);
}

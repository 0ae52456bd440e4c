/**
 * The sign-in request proves it was made by our client at a given time (spec §7 POST /api/auth): hash is the
 * lowercase hex HMAC-SHA256 of String(timestamp) keyed with the shared salt. Pure JS so it works in the browser
 * outside secure contexts too (Web Crypto is missing on plain-http hosts).
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export const SIGN_IN_CLOCK_SKEW_MS = 5 * 60 * 1000;

export function signInHash(timestamp: number, salt: string): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(salt), utf8ToBytes(String(timestamp))));
}

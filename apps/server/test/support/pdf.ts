/**
 * Reading a PDF answer in a test through poppler (Debian's poppler-utils), fed on standard input (`fd://0`): no file is
 * written, so nothing can be left behind in the temporary folder whatever the test's outcome.
 */
import { execFileSync } from 'node:child_process';

/** The document's text as `pdftotext -layout` lays it out. */
export function pdfText(bytes: Buffer | Uint8Array): string {
  return execFileSync('pdftotext', ['-layout', 'fd://0', '-'], { input: bytes, encoding: 'utf8' });
}

/** The first page's size as `pdfinfo` words it, e.g. «595.28 x 841.89». */
export function pdfPageSize(bytes: Buffer | Uint8Array): string {
  return /Page size:\s+([\d.]+ x [\d.]+)/.exec(execFileSync('pdfinfo', ['fd://0'], { input: bytes, encoding: 'utf8' }))?.[1] ?? '';
}

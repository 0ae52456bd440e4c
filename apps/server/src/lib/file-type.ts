/** What an uploaded file really is, read from its first bytes: the name and the browser's claim are not trusted. */

export type SniffedType = { mime: string; extension: string };

const SIGNATURES: Array<{ mime: string; extension: string; test: (b: Buffer) => boolean }> = [
  { mime: 'image/png', extension: 'png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { mime: 'image/jpeg', extension: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { mime: 'image/webp', extension: 'webp', test: (b) => b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP' },
  { mime: 'image/gif', extension: 'gif', test: (b) => b.toString('latin1', 0, 6) === 'GIF87a' || b.toString('latin1', 0, 6) === 'GIF89a' },
  { mime: 'application/pdf', extension: 'pdf', test: (b) => b.toString('latin1', 0, 5) === '%PDF-' },
  // docx, xlsx and zip share the zip signature; the caller decides which of them it accepts.
  { mime: 'application/zip', extension: 'zip', test: (b) => b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04 },
  { mime: 'image/svg+xml', extension: 'svg', test: (b) => /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(b.toString('utf8', 0, 2048)) },
];

export function sniffFileType(bytes: Buffer): SniffedType | null {
  const match = SIGNATURES.find((signature) => signature.test(bytes));
  return match ? { mime: match.mime, extension: match.extension } : null;
}

/** A name safe to store and to send back in Content-Disposition: no paths, no control characters, bounded length. */
export function sanitizeFileName(name: string, fallback = 'file'): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '')
    .replace(/^\.+/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  return cleaned || fallback;
}

/** Content-Disposition for a download, with the UTF-8 name for Cyrillic file names. */
export function attachmentHeader(fileName: string): string {
  const safe = sanitizeFileName(fileName);
  const ascii = safe.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(safe)}`;
}

/**
 * Images that go into proposal documents: their size read from the bytes, PNGs cleaned (re-encoded as plain 8-bit
 * RGBA, metadata dropped) and shrunk for table thumbnails. PDF and Word carry PNG and JPEG only.
 */
import { PNG } from 'pngjs';

export type EmbeddableMime = 'image/png' | 'image/jpeg';

export interface ImageAsset {
  bytes: Buffer;
  mime: EmbeddableMime;
  width: number;
  height: number;
}

/** The pixel size of a PNG, JPEG or WebP from its header; null when the bytes are not one of those or are damaged. */
export function imageSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length >= 24 && bytes.readUInt32BE(0) === 0x89504e47 && bytes.toString('latin1', 12, 16) === 'IHDR') {
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes.length > 4 && bytes[0] === 0xff && bytes[1] === 0xd8) return jpegSize(bytes);
  if (bytes.length >= 30 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    const chunk = bytes.toString('latin1', 12, 16);
    if (chunk === 'VP8 ') return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
    if (chunk === 'VP8L') {
      const bits = bytes.readUInt32LE(21);
      return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    if (chunk === 'VP8X') return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  }
  return null;
}

function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    // SOF0–SOF15 carry the size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but are not frames.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return null;
}

/** Decodes a PNG and writes it again as plain 8-bit RGBA: what every PDF and Word reader shows. Throws on a damaged file. */
export function cleanPng(bytes: Buffer, maxSide = Infinity): ImageAsset {
  let png: PNG = PNG.sync.read(bytes);
  if (Math.max(png.width, png.height) > maxSide) png = shrink(png, maxSide);
  const out = PNG.sync.write(png, { colorType: 6 });
  return { bytes: out, mime: 'image/png', width: png.width, height: png.height };
}

/** Box-filter downscale so thumbnails stay sharp and the document stays small. */
function shrink(source: PNG, maxSide: number): PNG {
  const scale = maxSide / Math.max(source.width, source.height);
  const width = Math.max(1, Math.round(source.width * scale));
  const height = Math.max(1, Math.round(source.height * scale));
  const target = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor(y / scale);
    const y1 = Math.min(source.height, Math.max(y0 + 1, Math.floor((y + 1) / scale)));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor(x / scale);
      const x1 = Math.min(source.width, Math.max(x0 + 1, Math.floor((x + 1) / scale)));
      const sum = [0, 0, 0, 0];
      let n = 0;
      for (let sy = y0; sy < y1; sy++) {
        for (let sx = x0; sx < x1; sx++) {
          const i = (sy * source.width + sx) * 4;
          const alpha = source.data[i + 3]!;
          // Premultiplied so transparent pixels do not darken the edges.
          sum[0]! += source.data[i]! * alpha;
          sum[1]! += source.data[i + 1]! * alpha;
          sum[2]! += source.data[i + 2]! * alpha;
          sum[3]! += alpha;
          n++;
        }
      }
      const o = (y * width + x) * 4;
      const alphaSum = sum[3]!;
      target.data[o] = alphaSum ? Math.round(sum[0]! / alphaSum) : 0;
      target.data[o + 1] = alphaSum ? Math.round(sum[1]! / alphaSum) : 0;
      target.data[o + 2] = alphaSum ? Math.round(sum[2]! / alphaSum) : 0;
      target.data[o + 3] = Math.round(alphaSum / n);
    }
  }
  return target;
}

/**
 * The image as the documents can carry it: PNGs cleaned (and shrunk to maxSide), JPEGs as they are; null for
 * anything else (WebP: neither PDF nor Word can show it) or a damaged file.
 */
export function toEmbeddable(bytes: Buffer, maxSide = Infinity): ImageAsset | null {
  const size = imageSize(bytes);
  if (!size || size.width === 0 || size.height === 0) return null;
  if (bytes[0] === 0x89) {
    try {
      return cleanPng(bytes, maxSide);
    } catch {
      return null;
    }
  }
  if (bytes[0] === 0xff) return { bytes, mime: 'image/jpeg', ...size };
  return null;
}

/** Width and height that fit a box keeping the proportions. */
export function fitInto(image: { width: number; height: number }, maxWidth: number, maxHeight: number) {
  const scale = Math.min(maxWidth / image.width, maxHeight / image.height, 1e9);
  return { width: Math.max(1, Math.round(image.width * scale)), height: Math.max(1, Math.round(image.height * scale)) };
}

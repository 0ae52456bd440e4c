/**
 * Uploaded pictures, handled so that none can stop the server: the pixel size is read from the file's header first
 * (a few bytes, no decoding) and checked against a pixel-count limit; decoding and encoding go to sharp (libvips),
 * which works on libuv's thread pool, off the main thread, and refuses more pixels than `limitInputPixels` by itself.
 */
import type Sharp from 'sharp';
import { AppError } from './errors';

/** Logos, banners and avatars are decoded and re-encoded: 24 megapixels (6000×4000) is more than any of them needs. */
export const DECODED_IMAGE_MAX_PIXELS = 24_000_000;
/** Photos stored as they are (claims, shipments, feedback) come from phone cameras, up to 50 megapixels. */
export const STORED_IMAGE_MAX_PIXELS = 50_000_000;

/**
 * sharp (libvips) is loaded by the first picture decoded, not at start: ~27 MB resident that a portal whose dealers
 * upload no logo never needs. Its own cache of decoded images is off.
 */
let sharpLoaded: Promise<typeof Sharp> | undefined;
function loadSharp(): Promise<typeof Sharp> {
  sharpLoaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return sharpLoaded;
}

export interface ImageAsset {
  bytes: Buffer;
  mime: 'image/png' | 'image/jpeg';
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

const megapixels = (pixels: number) => `${(Math.round(pixels / 100_000) / 10).toLocaleString('ru-RU')} Мп`;

/**
 * The size of an uploaded picture from its header, refused before any decoding when it is unreadable (415) or has
 * more pixels than allowed (413). The message names the file and says what to do.
 */
export function checkImageHeader(bytes: Buffer, fileName: string, maxPixels: number): { width: number; height: number } {
  const size = imageSize(bytes);
  if (!size || size.width < 1 || size.height < 1) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Файл «${fileName}» повреждён или не читается как изображение: сохраните его заново.`);
  }
  const pixels = size.width * size.height;
  if (pixels > maxPixels) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `Изображение «${fileName}» ${size.width}×${size.height} (${megapixels(pixels)}) слишком большое: уменьшите его до ${megapixels(maxPixels)} и загрузите снова.`,
    );
  }
  return size;
}

/**
 * The picture as documents can carry it: decoded and written again (metadata dropped, turned upright by its EXIF
 * orientation), shrunk to fit maxSide; PNG stays PNG (transparency), everything else becomes JPEG. Null when the
 * bytes do not decode. Runs on the thread pool; the header check comes first, so a picture over the limit costs nothing.
 */
export async function cleanImage(bytes: Buffer, options: { maxSide?: number; maxPixels?: number } = {}): Promise<ImageAsset | null> {
  const maxPixels = options.maxPixels ?? DECODED_IMAGE_MAX_PIXELS;
  const size = imageSize(bytes);
  if (!size || size.width < 1 || size.height < 1 || size.width * size.height > maxPixels) return null;
  const png = bytes[0] === 0x89;
  try {
    const sharp = await loadSharp();
    let pipeline = sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' }).rotate();
    if (options.maxSide !== undefined && Number.isFinite(options.maxSide)) {
      pipeline = pipeline.resize({ width: options.maxSide, height: options.maxSide, fit: 'inside', withoutEnlargement: true });
    }
    const { data, info } = await (png ? pipeline.png() : pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 88 })).toBuffer({
      resolveWithObject: true,
    });
    return { bytes: data, mime: png ? 'image/png' : 'image/jpeg', width: info.width, height: info.height };
  } catch {
    return null;
  }
}

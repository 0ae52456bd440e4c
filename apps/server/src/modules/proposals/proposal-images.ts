/**
 * Images that go into proposal documents: cleaned and shrunk off the main thread (lib/images), PNG or JPEG only —
 * what PDF and Word can carry.
 */
import { cleanImage, type ImageAsset } from '../../lib/images';

export type { ImageAsset } from '../../lib/images';

/** The image as the documents can carry it, shrunk to maxSide; null for a damaged file or one over the pixel limit. */
export function toEmbeddable(bytes: Buffer, maxSide = Infinity): Promise<ImageAsset | null> {
  return cleanImage(bytes, { maxSide });
}

/** Width and height that fit a box keeping the proportions. */
export function fitInto(image: { width: number; height: number }, maxWidth: number, maxHeight: number) {
  const scale = Math.min(maxWidth / image.width, maxHeight / image.height, 1e9);
  return { width: Math.max(1, Math.round(image.width * scale)), height: Math.max(1, Math.round(image.height * scale)) };
}

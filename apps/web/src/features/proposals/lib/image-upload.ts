/**
 * Prepares a picked picture for the logo or banner library: read as a data URL (spec §7), drawn on a canvas and sent
 * as PNG (logos, and banners with transparency) or JPEG (photo banners). So SVG logos arrive rasterised (the server
 * refuses SVG) and WebP arrives as PNG (PDF and Word cannot show WebP); big pictures are scaled down.
 */

export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'];
const MAX_SOURCE_BYTES = 20 * 1024 * 1024;
const MAX_SIDE = { logo: 1200, banner: 2400 } as const;

export class ImagePreparationError extends Error {}

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new ImagePreparationError('Файл не читается: выберите другой.'));
    reader.readAsDataURL(file);
  });
}

export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new ImagePreparationError('Файл не похож на изображение: выберите PNG, JPEG, WebP или SVG.'));
    image.src = src;
  });
}

function hasTransparency(context: CanvasRenderingContext2D, width: number, height: number): boolean {
  const data = context.getImageData(0, 0, width, height).data;
  for (let i = 3; i < data.length; i += 4) if (data[i]! < 255) return true;
  return false;
}

export async function prepareLibraryImage(file: File, kind: 'logo' | 'banner'): Promise<{ blob: Blob; name: string }> {
  if (file.size > MAX_SOURCE_BYTES) throw new ImagePreparationError('Файл больше 20 МБ: уменьшите изображение.');
  if (file.type && !ACCEPTED_IMAGE_TYPES.includes(file.type)) {
    throw new ImagePreparationError(`Формат «${file.type}» не подходит: выберите PNG, JPEG, WebP или SVG.`);
  }
  const image = await loadImage(await readAsDataUrl(file));
  // SVGs without a size report 0: give them a sensible one.
  const naturalWidth = image.naturalWidth || 600;
  const naturalHeight = image.naturalHeight || 300;
  const scale = Math.min(1, MAX_SIDE[kind] / Math.max(naturalWidth, naturalHeight));
  const width = Math.max(1, Math.round(naturalWidth * scale));
  const height = Math.max(1, Math.round(naturalHeight * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new ImagePreparationError('Браузер не умеет обрабатывать изображения: обновите его.');
  context.drawImage(image, 0, 0, width, height);
  const asJpeg = kind === 'banner' && !hasTransparency(context, width, height);
  const type = asJpeg ? 'image/jpeg' : 'image/png';
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.9));
  if (!blob) throw new ImagePreparationError('Не удалось подготовить изображение: попробуйте другой файл.');
  const base = file.name.replace(/\.[^.]+$/, '') || kind;
  return { blob, name: `${base}.${asJpeg ? 'jpg' : 'png'}` };
}

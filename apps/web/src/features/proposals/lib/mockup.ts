/** Geometry of the logo mock-up: where the logo sits on the product picture, kept inside the canvas. */

export interface Placement {
  /** Centre of the logo, as a share of the canvas width and height (0…1). */
  x: number;
  y: number;
  /** Logo width as a share of the canvas width. */
  scale: number;
}

export const DEFAULT_PLACEMENT: Placement = { x: 0.5, y: 0.4, scale: 0.25 };
export const MIN_SCALE = 0.03;
export const MAX_SCALE = 1;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The logo's box in canvas pixels. */
export function logoRect(placement: Placement, canvas: { width: number; height: number }, logo: { width: number; height: number }) {
  const width = placement.scale * canvas.width;
  const height = logo.width > 0 ? (width * logo.height) / logo.width : width;
  return { left: placement.x * canvas.width - width / 2, top: placement.y * canvas.height - height / 2, width, height };
}

/** Moves the logo by a pixel delta; its centre never leaves the canvas. */
export function moveBy(placement: Placement, dx: number, dy: number, canvas: { width: number; height: number }): Placement {
  return { ...placement, x: clamp(placement.x + dx / canvas.width, 0, 1), y: clamp(placement.y + dy / canvas.height, 0, 1) };
}

export function scaleTo(placement: Placement, scale: number): Placement {
  return { ...placement, scale: clamp(scale, MIN_SCALE, MAX_SCALE) };
}

/** Whether a canvas point is on the logo (to start dragging it). */
export function hitsLogo(point: { x: number; y: number }, rect: { left: number; top: number; width: number; height: number }) {
  return point.x >= rect.left && point.x <= rect.left + rect.width && point.y >= rect.top && point.y <= rect.top + rect.height;
}

/** The product picture contained and centred on the canvas, as a catalogue photo is shown. */
export function containRect(image: { width: number; height: number }, canvas: { width: number; height: number }) {
  const scale = Math.min(canvas.width / image.width, canvas.height / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  return { left: (canvas.width - width) / 2, top: (canvas.height - height) / 2, width, height };
}

import { describe, expect, it } from 'vitest';
import { containRect, hitsLogo, logoRect, MAX_SCALE, MIN_SCALE, moveBy, scaleTo } from './mockup';

const canvas = { width: 900, height: 900 };

describe('logo mock-up geometry', () => {
  it('places the logo by its centre, keeping its proportions', () => {
    expect(logoRect({ x: 0.5, y: 0.5, scale: 0.2 }, canvas, { width: 200, height: 100 })).toEqual({ left: 360, top: 405, width: 180, height: 90 });
  });
  it('moves by pixels and never lets the centre leave the picture', () => {
    expect(moveBy({ x: 0.5, y: 0.5, scale: 0.2 }, 90, -45, canvas)).toEqual({ x: 0.6, y: 0.45, scale: 0.2 });
    expect(moveBy({ x: 0.9, y: 0.1, scale: 0.2 }, 900, -900, canvas)).toEqual({ x: 1, y: 0, scale: 0.2 });
  });
  it('keeps the scale within bounds', () => {
    expect(scaleTo({ x: 0, y: 0, scale: 0.2 }, 5).scale).toBe(MAX_SCALE);
    expect(scaleTo({ x: 0, y: 0, scale: 0.2 }, 0).scale).toBe(MIN_SCALE);
  });
  it('tells a press on the logo from a press beside it', () => {
    const rect = { left: 100, top: 100, width: 50, height: 20 };
    expect(hitsLogo({ x: 120, y: 110 }, rect)).toBe(true);
    expect(hitsLogo({ x: 160, y: 110 }, rect)).toBe(false);
  });
  it('contains and centres the product picture', () => {
    expect(containRect({ width: 400, height: 200 }, canvas)).toEqual({ left: 0, top: 225, width: 900, height: 450 });
  });
});

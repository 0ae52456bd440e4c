import { describe, expect, it } from 'vitest';
import { CLIENT_VERSION, isClientOutdated } from './version';

describe('isClientOutdated', () => {
  it('is current when the versions are equal', () => {
    expect(isClientOutdated('0.4.6', '0.4.6')).toBe(false);
  });
  it('is current when the client is newer', () => {
    expect(isClientOutdated('0.4.7', '0.4.6')).toBe(false);
    expect(isClientOutdated('1.0.0', '0.9.9')).toBe(false);
  });
  it('is outdated when the latest is newer', () => {
    expect(isClientOutdated('0.4.6', '0.4.7')).toBe(true);
    expect(isClientOutdated('0.4.6', '0.5.0')).toBe(true);
  });
  it('compares as text, not by numeric parts', () => {
    // By text "0.4.10" < "0.4.6" because "1" < "6".
    expect(isClientOutdated('0.4.10', '0.4.6')).toBe(true);
    expect(isClientOutdated('0.4.6', '0.4.10')).toBe(false);
  });
  it('ships version 0.4.6', () => {
    expect(CLIENT_VERSION).toBe('0.4.6');
  });
});

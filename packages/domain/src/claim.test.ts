import { describe, expect, it } from 'vitest';
import { DEFAULT_CLAIM_CASE, claimCaseName, claimStatusName, shipmentStatusName } from './claim';

describe('claims', () => {
  it('files a claim of case 1 by default', () => {
    expect(DEFAULT_CLAIM_CASE).toBe(1);
    expect(claimCaseName(DEFAULT_CLAIM_CASE)).toBe('Производственный брак');
  });
  it('names an unknown case and status instead of losing them', () => {
    expect(claimCaseName(42)).toBe('Вид 42');
    expect(claimStatusName('escalated')).toBe('escalated');
    expect(claimStatusName('review')).toBe('На рассмотрении');
    expect(shipmentStatusName('shipped')).toBe('Отгружена');
  });
});

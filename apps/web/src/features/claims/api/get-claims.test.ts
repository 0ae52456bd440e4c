import { afterEach, describe, expect, it, vi } from 'vitest';
import { getClaims } from './get-claims';

const answer = (status: number, body: unknown) =>
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

afterEach(() => vi.restoreAllMocks());

describe('getClaims', () => {
  it('reads a 404 as an empty list (spec §8)', async () => {
    answer(404, { error: { code: 'NOT_FOUND', message: 'Рекламаций нет' }, response: null });
    await expect(getClaims()).resolves.toEqual([]);
  });

  it('reads an empty 200 as an empty list', async () => {
    answer(200, { error: null, response: [] });
    await expect(getClaims()).resolves.toEqual([]);
  });

  it('sorts by bitrix_id descending with a missing one as 0', async () => {
    answer(200, { error: null, response: [{ id: 1, bitrix_id: null }, { id: 2, bitrix_id: 5 }, { id: 3 }, { id: 4, bitrix_id: 9 }] });
    expect((await getClaims()).map((c) => c.id)).toEqual([4, 2, 3, 1]);
  });
});

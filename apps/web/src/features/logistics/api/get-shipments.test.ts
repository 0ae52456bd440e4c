import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/client';
import { getShipments } from './get-shipments';

const answer = (status: number, body: unknown) =>
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

afterEach(() => vi.restoreAllMocks());

describe('getShipments', () => {
  it('reads a 404 as an empty list (spec §8)', async () => {
    answer(404, { error: { code: 'NOT_FOUND', message: 'Отгрузок нет' }, response: null });
    await expect(getShipments()).resolves.toEqual([]);
  });

  it('answers the list by bitrix_id descending whatever order it came in', async () => {
    answer(200, { error: null, response: [{ id: 1, bitrix_id: 10 }, { id: 2, bitrix_id: null }, { id: 3, bitrix_id: 30 }] });
    expect((await getShipments()).map((s) => s.id)).toEqual([3, 1, 2]);
  });

  it('still fails on other errors, with the server message', async () => {
    answer(500, { error: { code: 'INTERNAL', message: 'Внутренняя ошибка сервера.' }, response: null });
    const error = await getShipments().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Внутренняя ошибка сервера.', status: 500, code: 'INTERNAL' });
  });
});

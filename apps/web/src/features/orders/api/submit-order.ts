/**
 * POST /api/order/add or /api/order/{n}/edit with the Idempotency-Key of the working order; every attempt is logged.
 * A price other than the server's is answered 409 PRICES_CHANGED with the server's order to confirm
 * (`pricesChangedOf`); the confirmed order is sent as the server gave it, under the same key (nothing was stored
 * under it by the refused attempt).
 */
import { ZPricesChangedErrorSchema, payloadOf, type TOrderPayload, type TOrderSubmitResult, type TPricesChangedError } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../shared/api/client';
import { appendOrderLog } from '../model/order-log';
import type { WebOrder } from '../model/order-store';

export interface SubmitInput {
  order: WebOrder;
  /** The server's priced order the dealer confirmed, sent instead of the working order's payload. */
  confirmed?: TOrderPayload;
}

export async function submitOrder({ order, confirmed }: SubmitInput): Promise<TOrderSubmitResult> {
  const editing = order.edit && order.number !== undefined;
  const path = editing ? `/order/${order.number}/edit` : '/order/add';
  const base = {
    time: new Date().toISOString(),
    action: editing ? ('ORDER_EDIT' as const) : ('ORDER_ADD' as const),
    key: order.id,
    number: order.number,
    positions: confirmed?.count ?? order.count,
    units: order.total_count,
    total: confirmed?.total ?? order.total,
  };
  try {
    const result = await api<TOrderSubmitResult>(path, {
      method: 'POST',
      body: confirmed ?? payloadOf(order),
      headers: { 'Idempotency-Key': String(order.id) },
    });
    appendOrderLog({ ...base, number: result.id, outcome: 'ok', message: result.message });
    return result;
  } catch (error) {
    appendOrderLog({ ...base, outcome: 'error', message: (error as Error).message });
    throw error;
  }
}

/** The prices to confirm when the server refused the order because they changed; undefined for any other failure. */
export function pricesChangedOf(error: unknown): TPricesChangedError | undefined {
  if (!(error instanceof ApiError) || error.code !== 'PRICES_CHANGED') return undefined;
  const parsed = ZPricesChangedErrorSchema.safeParse(error.details);
  // The order goes back exactly as the server wrote it (the schema's defaults would add fields to it).
  return parsed.success ? { ...parsed.data, order: (error.details as Pick<TPricesChangedError, 'order'>).order } : undefined;
}

export function useSubmitOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitOrder,
    // The sent order now counts against its contracts' credit (GET /api/partners `pending`).
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: ['orders'] }), client.invalidateQueries({ queryKey: ['partners'] })]),
  });
}

/** POST /api/order/add or /api/order/{n}/edit with the Idempotency-Key of the working order; every attempt is logged. */
import { payloadOf, type TOrderSubmitResult } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { appendOrderLog } from '../model/order-log';
import type { WebOrder } from '../model/order-store';

export async function submitOrder(order: WebOrder): Promise<TOrderSubmitResult> {
  const editing = order.edit && order.number !== undefined;
  const path = editing ? `/order/${order.number}/edit` : '/order/add';
  const base = {
    time: new Date().toISOString(),
    action: editing ? ('ORDER_EDIT' as const) : ('ORDER_ADD' as const),
    key: order.id,
    number: order.number,
    positions: order.count,
    units: order.total_count,
    total: order.total,
  };
  try {
    const result = await api<TOrderSubmitResult>(path, {
      method: 'POST',
      body: payloadOf(order),
      headers: { 'Idempotency-Key': String(order.id) },
    });
    appendOrderLog({ ...base, number: result.id, outcome: 'ok', message: result.message });
    return result;
  } catch (error) {
    appendOrderLog({ ...base, outcome: 'error', message: (error as Error).message });
    throw error;
  }
}

export function useSubmitOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitOrder,
    // The sent order now counts against its contracts' credit (GET /api/partners `pending`).
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: ['orders'] }), client.invalidateQueries({ queryKey: ['partners'] })]),
  });
}

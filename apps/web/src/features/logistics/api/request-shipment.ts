/** POST /api/user/shipments/add (spec §7): multipart order, address, date, comment, files → response.id. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { shipmentsKey } from './get-shipments';

export interface ShipmentRequest {
  order: number;
  address: string;
  /** DD.MM.YYYY */
  date: string;
  comment: string;
  files: File[];
}

export function requestShipment(request: ShipmentRequest): Promise<{ id: number }> {
  const form = new FormData();
  form.append('order', String(request.order));
  form.append('address', request.address);
  form.append('date', request.date);
  form.append('comment', request.comment);
  for (const file of request.files) form.append('files', file, file.name);
  return api<{ id: number }>('/user/shipments/add', { method: 'POST', body: form });
}

export function useRequestShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestShipment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shipmentsKey }),
  });
}

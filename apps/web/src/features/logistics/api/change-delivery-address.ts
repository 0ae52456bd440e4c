/** POST /api/user/delivery/{add,update,delete} (spec §7): each answers the whole list as response.data. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDeliveryAddress, TDeliveryListResponse } from '@portal/contracts';
import { api } from '../../../shared/api/client';
import { deliveryAddressesKey } from '../../../shared/api/get-delivery-addresses';

export type DeliveryChange = { kind: 'add'; label: string } | { kind: 'update'; index: number; label: string } | { kind: 'delete'; index: number };

export async function changeDeliveryAddress(change: DeliveryChange): Promise<TDeliveryAddress[]> {
  const { kind, ...body } = change;
  const answer = await api<TDeliveryListResponse>(`/user/delivery/${kind}`, { method: 'POST', body });
  return answer.data;
}

export function useChangeDeliveryAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeDeliveryAddress,
    onSuccess: (list) => queryClient.setQueryData(deliveryAddressesKey, list),
  });
}

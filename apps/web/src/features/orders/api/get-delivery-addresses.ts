/** GET /api/user/delivery: the user's delivery addresses offered in the order's delivery block. */
import type { TDeliveryAddress } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

export const getOrderAddresses = (signal?: AbortSignal) => api<TDeliveryAddress[]>('/user/delivery', { signal });

export const orderAddressesQueryOptions = () =>
  queryOptions({ queryKey: ['delivery-addresses'], queryFn: ({ signal }) => getOrderAddresses(signal), staleTime: 60_000 });

export const useOrderAddresses = () => useQuery(orderAddressesQueryOptions());

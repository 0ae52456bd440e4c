/** GET /api/user/shipments/orders: the orders of the user's companies a shipment can be requested for. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TShippableOrder } from '@portal/contracts';
import { api } from '../../../shared/api/client';

export const getShippableOrders = (signal?: AbortSignal) => api<TShippableOrder[]>('/user/shipments/orders', { signal });

export const shippableOrdersQueryOptions = () =>
  queryOptions({ queryKey: ['shipments', 'orders'], queryFn: ({ signal }) => getShippableOrders(signal) });

export const useShippableOrders = () => useQuery(shippableOrdersQueryOptions());

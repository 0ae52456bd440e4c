/** GET /api/user/delivery (spec §7): the user's delivery addresses — one query for the address book, shipments and orders. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDeliveryAddress } from '@portal/contracts';
import { api } from './client';

export const deliveryAddressesKey = ['delivery-addresses'] as const;

export const getDeliveryAddresses = (signal?: AbortSignal) => api<TDeliveryAddress[]>('/user/delivery', { signal });

export const deliveryAddressesQueryOptions = () =>
  queryOptions({ queryKey: deliveryAddressesKey, queryFn: ({ signal }) => getDeliveryAddresses(signal) });

export const useDeliveryAddresses = () => useQuery(deliveryAddressesQueryOptions());

/** GET /api/user/shipments (spec §7): the shipments of the user's companies; 404 is an empty list (spec §8). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TShipment } from '@portal/contracts';
import { sortShipments } from '@portal/domain';
import { api } from '../../../shared/api/client';
import { emptyOn404 } from '../../../shared/api/empty-on-404';

export const shipmentsKey = ['shipments'] as const;

/** Sorted here too (spec §4), whatever order the server keeps. */
export const getShipments = async (signal?: AbortSignal) => sortShipments(await emptyOn404(api<TShipment[]>('/user/shipments', { signal })));

export const shipmentsQueryOptions = () => queryOptions({ queryKey: shipmentsKey, queryFn: ({ signal }) => getShipments(signal) });

export const useShipments = () => useQuery(shipmentsQueryOptions());

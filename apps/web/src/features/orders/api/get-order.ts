/** GET /api/user/order/{id}: one order with its positions (for «create from», «edit»). */
import type { TOrderDetail } from '@portal/contracts';
import { api } from '../../../shared/api/client';

export const getOrder = (n: number, signal?: AbortSignal) => api<TOrderDetail>(`/user/order/${n}`, { signal });

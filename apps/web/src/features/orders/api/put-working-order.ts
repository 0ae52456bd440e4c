/** PUT /api/user/working-order: stores the order changed from `revision` (409 when another device stored first). */
import type { TSyncedWorkingOrder, TWorkingOrderWire } from '@portal/contracts';
import { api } from '../../../shared/api/client';

export const putWorkingOrder = (revision: number, order: TWorkingOrderWire) =>
  api<TSyncedWorkingOrder>('/user/working-order', { method: 'PUT', body: { revision, order } });

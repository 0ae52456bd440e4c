/** GET /api/user/working-order: the working order as the server keeps it, and its revision (0: none yet). */
import type { TSyncedWorkingOrder } from '@portal/contracts';
import { api } from '../../../shared/api/client';

export const getWorkingOrder = () => api<TSyncedWorkingOrder>('/user/working-order');

/** The shell mounts this once: the working order and drafts follow the user's other devices (model/use-orders-sync.ts). */
import { useOrdersSync } from './model/use-orders-sync';

export function OrdersSync() {
  useOrdersSync();
  return null;
}

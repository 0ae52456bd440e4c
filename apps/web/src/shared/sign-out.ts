/**
 * What signing out leaves behind: nothing of the user's orders. Features that keep such state register here how to
 * send what is not yet on the server (while the session still holds) and how to forget it; the auth store runs both,
 * and clears the browser-storage keys below whatever feature was loaded, so a shared computer keeps no order or draft.
 */
import { STORAGE_KEYS } from './storage-keys';

/** Keys holding the signed-in user's orders: the working order, the drafts, their sync state and the order log. */
export const PRIVATE_STORAGE_KEYS = [
  STORAGE_KEYS.workingOrder,
  STORAGE_KEYS.workingOrderSynced,
  STORAGE_KEYS.drafts,
  STORAGE_KEYS.draftsRemoved,
  STORAGE_KEYS.orderLog,
] as const;

interface SignOutHandler {
  /** Sends what only this browser holds, while the session is valid. */
  flush?: () => Promise<unknown>;
  /** Drops the user's state from memory, without writing it anywhere. */
  forget: () => void;
}

const handlers = new Set<SignOutHandler>();

/** Answers the function that unregisters. */
export function onSignOut(handler: SignOutHandler): () => void {
  handlers.add(handler);
  return () => handlers.delete(handler);
}

/** A flush that does not finish within this time (a hung network) does not hold the sign-out. */
const FLUSH_LIMIT_MS = 3000;

export async function flushBeforeSignOut(): Promise<void> {
  const flushes = [...handlers].map((handler) => handler.flush?.().catch(() => undefined));
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([Promise.all(flushes), new Promise((resolve) => (timer = setTimeout(resolve, FLUSH_LIMIT_MS)))]);
  clearTimeout(timer);
}

export function forgetSignedOutUser(): void {
  for (const handler of handlers) handler.forget();
  for (const key of PRIVATE_STORAGE_KEYS) {
    try {
      localStorage.removeItem(key);
    } catch {
      // Storage disabled: there is nothing in it.
    }
  }
}

/**
 * Keeps the working order in step with the server's copy (docs/decisions.md «The working order and drafts follow the
 * dealer»). Each change here is sent with the revision it was made on; when another device stored one first (409),
 * the server's order is fetched and merged line by line with this one (mergeWorkingOrders), and the merge is sent. A
 * change from another device is announced by the realtime socket (its revision) and fetched: taken as is when nothing
 * changed here, merged otherwise.
 * The revision and the order it names are kept under `working_order_synced`, so a change made offline merges later.
 */
import { blankOrder, workingOrderWire, type TSyncedWorkingOrder } from '@portal/contracts';
import { ApiError } from '../../../shared/api/client';
import { reportError } from '../../../shared/errors';
import { STORAGE_KEYS } from '../../../shared/storage-keys';
import { getWorkingOrder } from '../api/get-working-order';
import { putWorkingOrder } from '../api/put-working-order';
import { useOrderStore, type WebOrder } from './order-store';
import { serialized } from './serialized';
import { canonicalJson, mergeWorkingOrders, type MergeConflict } from './working-order-merge';

const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);
const blankSynced = (): TSyncedWorkingOrder => ({ revision: 0, order: workingOrderWire(blankOrder()) });

function readSynced(): TSyncedWorkingOrder {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORAGE_KEYS.workingOrderSynced) ?? 'null') as TSyncedWorkingOrder | null;
    return parsed && typeof parsed.revision === 'number' && parsed.order ? parsed : blankSynced();
  } catch {
    return blankSynced();
  }
}

let synced = readSynced();
/** The order this device could not store (refused, e.g. a company no longer the user's): not sent again unchanged. */
let refused = '';

function setSynced(next: TSyncedWorkingOrder) {
  synced = next;
  try {
    localStorage.setItem(STORAGE_KEYS.workingOrderSynced, JSON.stringify(next));
  } catch {
    // Storage full or disabled: the revision holds for this page view.
  }
}

/** The revision this device's order was last in step with (for tests and diagnostics). */
export const syncedRevision = () => synced.revision;

/** Lines kept by a merge although both devices changed them: the dealer is told which, and what was kept. */
let conflictListener: (conflicts: MergeConflict[]) => void = () => {};
export function onMergeConflicts(listener: (conflicts: MergeConflict[]) => void) {
  conflictListener = listener;
}

/** The server's order, fetched: taken whenever it is another revision than this device last had. */
export function takeServerOrder(server: TSyncedWorkingOrder) {
  if (server.revision === synced.revision) return;
  const store = useOrderStore.getState();
  const local = workingOrderWire(store.order);
  const base = synced.order;
  setSynced(server);
  if (same(local, base)) {
    store.replace(server.order as WebOrder);
    return;
  }
  const { order, conflicts } = mergeWorkingOrders(base as WebOrder, store.order, server.order as WebOrder);
  store.replace(order);
  if (conflicts.length > 0) conflictListener(conflicts);
}

const isOffline = (error: unknown) => error instanceof ApiError && (error.status === 0 || error.status >= 500);
const isConflict = (error: unknown) => error instanceof ApiError && error.status === 409;

/** A bound on merge-and-resend rounds in one run: each needs another device to write in between. */
const MERGE_ROUNDS = 5;

async function push() {
  for (let round = 0; round < MERGE_ROUNDS; round++) {
    const local = workingOrderWire(useOrderStore.getState().order);
    if (same(local, synced.order) || canonicalJson(local) === refused) return;
    try {
      setSynced(await putWorkingOrder(synced.revision, local));
    } catch (error) {
      if (isConflict(error)) {
        takeServerOrder(await getWorkingOrder());
        continue;
      }
      // Offline: the next change, reconnect or the browser coming online sends it.
      if (isOffline(error)) return;
      refused = canonicalJson(local);
      reportError('SAVE_WORKING_ORDER', error);
      return;
    }
  }
}

let pullFirst = false;
const run = serialized(async () => {
  if (pullFirst) {
    pullFirst = false;
    try {
      takeServerOrder(await getWorkingOrder());
    } catch (error) {
      if (!isOffline(error)) reportError('GET_WORKING_ORDER', error);
      return;
    }
  }
  await push();
});

/** Sends a change made here. */
export const pushWorkingOrder = () => run();

/** Fetches the server's order (start, reconnect), merges, and sends what this device adds. */
export function pullWorkingOrder() {
  pullFirst = true;
  return run();
}

/** Signed out: this device's revision is forgotten with the order. */
export function forgetSyncedWorkingOrder() {
  synced = blankSynced();
  refused = '';
}

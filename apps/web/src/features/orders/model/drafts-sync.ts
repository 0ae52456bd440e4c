/**
 * Keeps the drafts in step with the server: drafts saved here are stored there, renames and deletions sent, and the
 * server's list taken at start and on reconnect. A draft's content never changes once saved, so two devices can only
 * race on a name (the later rename made on a stale revision is refused, and the server's name is shown) or on a
 * deletion (deleting what the dealer saw: a draft saved meanwhile elsewhere is kept).
 */
import { workingOrderWire } from '@portal/contracts';
import { notifications } from '@mantine/notifications';
import { ApiError } from '../../../shared/api/client';
import { reportError } from '../../../shared/errors';
import { listDrafts } from '../api/list-drafts';
import { removeDrafts } from '../api/remove-drafts';
import { renameDraft } from '../api/rename-draft';
import { saveDraft } from '../api/save-draft';
import { useDraftsStore, type Draft } from './drafts-store';
import { serialized } from './serialized';

const isOffline = (error: unknown) => error instanceof ApiError && (error.status === 0 || error.status >= 500);

/** Drafts the server refused (over the limit, too big): kept in this browser, not sent again in this visit. */
const refused = new Set<number>();

const unsent = (draft: Draft) => draft.revision === undefined && !refused.has(draft.id);

/** Something here the server does not have yet. */
export function hasUnsentDrafts(state = useDraftsStore.getState()) {
  return state.removed.length > 0 || state.drafts.some((draft) => unsent(draft) || draft.renamed);
}

async function sendDeletions() {
  const { removed } = useDraftsStore.getState();
  if (removed.length === 0) return;
  await removeDrafts(removed);
  useDraftsStore.getState().confirmRemoved(removed);
}

async function sendNewDrafts() {
  for (const draft of useDraftsStore.getState().drafts.filter(unsent)) {
    try {
      useDraftsStore.getState().applySaved(await saveDraft(workingOrderWire(draft)));
    } catch (error) {
      if (isOffline(error)) throw error;
      refused.add(draft.id);
      reportError('SAVE_DRAFT', error);
    }
  }
}

async function sendRenames() {
  for (const draft of useDraftsStore.getState().drafts.filter((candidate) => candidate.renamed && candidate.revision !== undefined)) {
    try {
      useDraftsStore.getState().applySaved(await renameDraft(draft.id, draft.name, draft.revision!));
    } catch (error) {
      if (isOffline(error)) throw error;
      // Renamed or deleted on another device meanwhile: the server's list (fetched next) is what is shown.
      useDraftsStore.setState((state) => ({ drafts: state.drafts.map((item) => (item.id === draft.id ? { ...item, renamed: false } : item)) }));
      notifications.show({ color: 'orange', message: errorText(error), autoClose: 10_000, 'data-testid': 'draft-rename-conflict' });
      pullRequested = true;
    }
  }
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

let pullRequested = false;
const run = serialized(async () => {
  try {
    await sendDeletions();
    await sendNewDrafts();
    await sendRenames();
    if (pullRequested) {
      pullRequested = false;
      useDraftsStore.getState().applyServerList(await listDrafts());
    }
  } catch (error) {
    // Offline: the next change, reconnect or the browser coming online sends it.
    if (!isOffline(error)) reportError('SYNC_DRAFTS', error);
  }
});

/** Sends what changed here. */
export const pushDrafts = () => run();

/** Sends what changed here, then takes the server's list (start, reconnect). */
export function pullDrafts() {
  pullRequested = true;
  return run();
}

export function forgetRefusedDrafts() {
  refused.clear();
  pullRequested = false;
}

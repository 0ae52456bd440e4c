/**
 * Spec §8: a failed request also sets the global error state. Listeners register here (the auth store keeps the
 * text; shared code does not import features). Kept apart from the snack bar (errors.ts, with its HTML sanitiser) so
 * the first load, which needs only the listener, does not carry the sanitiser.
 */
type RequestErrorListener = (text: string) => void;
const requestErrorListeners = new Set<RequestErrorListener>();

/** Registers a listener for failed requests; answers the unsubscribe function. */
export function onRequestError(listener: RequestErrorListener): () => void {
  requestErrorListeners.add(listener);
  return () => requestErrorListeners.delete(listener);
}

export function announceRequestError(text: string) {
  for (const listener of requestErrorListeners) listener(text);
}

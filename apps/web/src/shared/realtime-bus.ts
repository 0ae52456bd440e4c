/**
 * Every frame of the realtime socket, for features that keep state of their own in step with the server (the
 * orders feature's working order and drafts): the realtime feature emits, others listen, neither imports the other.
 */
import type { TSocketFrame } from '@portal/contracts';

type Listener = (frame: TSocketFrame) => void;
const listeners = new Set<Listener>();

/** Answers the function that stops listening. */
export function onRealtimeFrame(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitRealtimeFrame(frame: TSocketFrame): void {
  for (const listener of [...listeners]) listener(frame);
}

/**
 * One run at a time: a call while a run is going asks for one more run after it (however many calls came), and
 * answers when the work asked for is done. Keeps a device's writes to the server in order, without timers.
 */
export function serialized(work: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  return () => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await work();
        } while (again);
      } finally {
        running = null;
      }
    })();
    return running;
  };
}

/**
 * Lookups by key, gathered while the event loop handles one round of incoming requests and answered by one
 * statement for all of them.
 *
 * Every signed-in request looks up its session. Under load, the requests that arrive together (those whose bytes one
 * poll of the sockets delivered) would each send the same short statement: on the embedded engine one more exchange
 * in its single queue, on PostgreSQL one more round trip through the pool and a wake-up of a server process. Gathered
 * until the loop's check phase (`setImmediate`, which runs once the round's callbacks are done), they go as one
 * statement with a list of keys. Nothing is kept between rounds: every request still sees the database as it is
 * when its round's statement runs, so a session ended a moment ago is refused as before. Alone, a request waits for
 * nothing but the end of its own round.
 */
export type Lookup<K, V> = (key: K) => Promise<V | undefined>;

interface Round<K, V> {
  waiting: Map<K, Array<{ resolve(value: V | undefined): void; reject(error: unknown): void }>>;
  sent: boolean;
}

/**
 * `load` answers the keys it found (a key it did not find answers undefined); a round of `maxKeys` distinct keys goes
 * at once, without waiting for the end of the loop's round. A failed load fails every lookup of its round.
 */
export function batchedLookup<K, V>(load: (keys: readonly K[]) => Promise<ReadonlyMap<K, V>>, maxKeys = 200): Lookup<K, V> {
  let open: Round<K, V> | undefined;

  const send = (round: Round<K, V>) => {
    if (round.sent) return;
    round.sent = true;
    if (open === round) open = undefined;
    Promise.resolve()
      .then(() => load([...round.waiting.keys()]))
      .then(
        (found) => {
          for (const [key, waiters] of round.waiting) for (const waiter of waiters) waiter.resolve(found.get(key));
        },
        (error: unknown) => {
          for (const waiters of round.waiting.values()) for (const waiter of waiters) waiter.reject(error);
        },
      );
  };

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      let round = open;
      if (!round) {
        const started: Round<K, V> = { waiting: new Map(), sent: false };
        open = round = started;
        setImmediate(() => send(started));
      }
      const waiters = round.waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else round.waiting.set(key, [{ resolve, reject }]);
      if (round.waiting.size >= maxKeys) send(round);
    });
}

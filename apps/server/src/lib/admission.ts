/**
 * Lets at most `limit` pieces of work run at once; the rest wait their turn in the order they came.
 *
 * For writes that can crowd out everything else: a dealer network that orders without pause would otherwise fill the
 * database's queue (the embedded engine's one queue, or PostgreSQL's pool) with order statements, and every catalogue
 * page, product page and search would wait behind them. Waiting here costs nothing — the order has not reached the
 * database — so the reads pass the waiting orders, and the orders admitted still use the database fully.
 */
export interface Admission {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** How many wait for their turn now (for /metrics). */
  readonly waiting: number;
}

export function admission(limit: number): Admission {
  let running = 0;
  const queue: Array<() => void> = [];
  return {
    async run(work) {
      if (running < limit) running++;
      // A finishing piece hands its place over directly, so `running` stays as it is.
      else await new Promise<void>((admit) => queue.push(admit));
      try {
        return await work();
      } finally {
        const next = queue.shift();
        if (next) next();
        else running--;
      }
    },
    get waiting() {
      return queue.length;
    },
  };
}

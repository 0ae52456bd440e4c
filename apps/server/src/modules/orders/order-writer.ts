/**
 * New orders written together: while one write is under way, the orders that become ready meanwhile wait and then go
 * as the next write — one statement and one commit for all of them (place_new_orders, migration 0011), each accepted
 * or refused on its own.
 *
 * Orders for the same offers are written one after another whatever we do: each must see the stock the one before
 * left. Written one statement each, every order paid for its own round trip, its own commit and its own turn at the
 * offers' row locks, held through that commit while the next orders' server processes slept and woke up in a queue
 * on them. Written together, those costs are paid once per write. Alone, an order waits for nothing but the end of
 * the event loop's round that made it ready (when others became ready in the same round, they go with it).
 *
 * One write at a time per database handle in a process; further processes write their own, and the offers' locks
 * order the writes of all of them.
 */
import type { Db } from '../../db/client';
import * as repo from './orders.repository';

/** Orders in one write at most: a bound on the statement's size, far above what ORDERS_AT_ONCE lets in at once. */
const MOST_AT_ONCE = 64;

interface Waiting {
  order: repo.NewOrderAsRead;
  resolve(placement: repo.Placement): void;
  reject(error: unknown): void;
}

class OrderWriter {
  private waiting: Waiting[] = [];
  private writing = false;
  private scheduled = false;

  constructor(private readonly db: Db) {}

  place(order: repo.NewOrderAsRead): Promise<repo.Placement> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ order, resolve, reject });
      this.schedule();
    });
  }

  /** The next write once the event loop's round is done, unless one is under way (its end schedules the next). */
  private schedule() {
    if (this.writing || this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.write();
    });
  }

  private async write() {
    if (this.writing || this.waiting.length === 0) return;
    const batch = this.waiting.splice(0, MOST_AT_ONCE);
    this.writing = true;
    try {
      const placements = await repo.placeNewOrders(
        this.db,
        batch.map((waiting) => waiting.order),
      );
      batch.forEach((waiting, i) => waiting.resolve(placements[i]!));
    } catch (error) {
      if (batch.length === 1) batch[0]!.reject(error);
      // Nothing of the batch was written. Each order is written alone, so a failure is told only to its own order.
      else await Promise.all(batch.map((waiting) => repo.placeNewOrders(this.db, [waiting.order]).then(([placement]) => waiting.resolve(placement!), waiting.reject)));
    } finally {
      this.writing = false;
      if (this.waiting.length > 0) this.schedule();
    }
  }
}

const writers = new WeakMap<Db, OrderWriter>();

/** Places a new order priced from offers read without locks, together with the others ready at the time. */
export function placeNewOrder(db: Db, order: repo.NewOrderAsRead): Promise<repo.Placement> {
  let writer = writers.get(db);
  if (!writer) writers.set(db, (writer = new OrderWriter(db)));
  return writer.place(order);
}

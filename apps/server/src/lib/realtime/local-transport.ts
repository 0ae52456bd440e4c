/** Delivery inside this process only: the embedded database serves one process, so there is no one else to tell. */
import type { Delivery, RealtimeTransport } from './hub';

export class LocalTransport implements RealtimeTransport {
  private deliver: ((delivery: Delivery) => void) | null = null;

  async start(deliver: (delivery: Delivery) => void) {
    this.deliver = deliver;
  }

  async publish(delivery: Delivery) {
    this.deliver?.(delivery);
  }

  async close() {
    this.deliver = null;
  }
}

/**
 * Fan-out between server processes through PostgreSQL LISTEN/NOTIFY. Each process LISTENs on one channel with a
 * dedicated connection (a pooled one would lose the LISTEN when returned) and delivers what arrives to the sockets it
 * holds; publishing is a NOTIFY through the ordinary pool, so a publisher hears its own message like everyone else.
 */
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Delivery, RealtimeTransport } from './hub';

export const REALTIME_CHANNEL = 'portal_realtime';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7900;

export class PostgresTransport implements RealtimeTransport {
  private client: pg.Client | null = null;
  private deliver: ((delivery: Delivery) => void) | null = null;
  private closed = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private retryDelayMs = 1000;

  constructor(
    private readonly connectionString: string,
    private readonly notify: (channel: string, payload: string) => Promise<void>,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(deliver: (delivery: Delivery) => void) {
    this.deliver = deliver;
    await this.connect();
  }

  async publish(delivery: Delivery) {
    for (const part of splitToFit(delivery)) await this.notify(REALTIME_CHANNEL, part);
  }

  async close() {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private async connect() {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (message) => {
      if (message.channel !== REALTIME_CHANNEL || !message.payload) return;
      try {
        this.deliver?.(JSON.parse(message.payload) as Delivery);
      } catch (error) {
        this.log.warn({ err: error }, 'unreadable realtime notification');
      }
    });
    // A lost connection loses the LISTEN: reconnect, backing off up to 10 s, until the app closes.
    const lost = (error?: Error) => {
      if (this.closed || this.client !== client) return;
      this.client = null;
      this.log.warn({ err: error }, 'realtime LISTEN connection lost; reconnecting');
      client.end().catch(() => {});
      this.scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    await client.connect();
    await client.query(`LISTEN ${REALTIME_CHANNEL}`);
    this.client = client;
    this.retryDelayMs = 1000;
  }

  private scheduleReconnect() {
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.closed) return;
      this.connect().catch((error: Error) => {
        this.log.warn({ err: error }, 'realtime LISTEN reconnect failed');
        this.retryDelayMs = Math.min(this.retryDelayMs * 2, 10_000);
        this.scheduleReconnect();
      });
    }, this.retryDelayMs);
    this.retryTimer.unref();
  }
}

/** One payload per NOTIFY: a delivery to many users is split by users until each part fits. */
export function splitToFit(delivery: Delivery): string[] {
  const payload = JSON.stringify(delivery);
  if (Buffer.byteLength(payload) <= MAX_PAYLOAD_BYTES) return [payload];
  if (delivery.userIds.length <= 1) {
    throw new Error(`A realtime message of ${Buffer.byteLength(payload)} bytes is too large to send between processes.`);
  }
  const half = Math.ceil(delivery.userIds.length / 2);
  return [
    ...splitToFit({ ...delivery, userIds: delivery.userIds.slice(0, half) }),
    ...splitToFit({ ...delivery, userIds: delivery.userIds.slice(half) }),
  ];
}

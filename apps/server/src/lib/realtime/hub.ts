/**
 * The realtime hub: per-user rooms of open sockets. A message published to users goes through a transport — straight
 * to this process's rooms with the embedded database (one process), or through PostgreSQL NOTIFY so every server
 * process delivers it to the sockets it holds (several processes behind a load balancer).
 */
import type { TServerFrame } from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';

/** What the hub needs of a socket: send a text frame, and be closed. */
export interface RealtimeSocket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

/** Carries a delivery to every process (itself included); `deliver` is called in each with what was published. */
export interface RealtimeTransport {
  start(deliver: (delivery: Delivery) => void): Promise<void>;
  publish(delivery: Delivery): Promise<void>;
  close(): Promise<void>;
}

export type Delivery =
  | { kind: 'frame'; userIds: number[]; frame: TServerFrame }
  /**
   * Close the sockets of these users (blocked, password reset): their sessions have ended. With `sessions` (the
   * SHA-256 of their tokens, never the tokens), only the sockets signed in with those sessions (sign-out).
   */
  | { kind: 'disconnect'; userIds: number[]; reason: string; sessions?: string[] };

export interface RealtimeSettings {
  /** The client pings this often (spec §9: 5000 ms); a socket silent for three heartbeats is dropped. */
  heartbeatMs: number;
  /** A socket that has not sent a valid token by then is closed. */
  authTimeoutMs: number;
}

export const DEFAULT_REALTIME_SETTINGS: RealtimeSettings = { heartbeatMs: 5000, authTimeoutMs: 5000 };

export type PartnerUsersResolver = (partnerId: number) => Promise<number[]>;

export class RealtimeHub {
  private readonly rooms = new Map<number, Set<RealtimeSocket>>();
  /** The session each socket signed in with (its token's hash). */
  private readonly sessionOf = new WeakMap<RealtimeSocket, string>();
  /** Tunable (tests shorten the heartbeat); read whenever a timer is armed. */
  readonly settings: RealtimeSettings = { ...DEFAULT_REALTIME_SETTINGS };

  constructor(
    private readonly transport: RealtimeTransport,
    private readonly partnerUsers: PartnerUsersResolver,
    private readonly log: FastifyBaseLogger,
  ) {}

  start() {
    return this.transport.start((delivery) => this.deliverHere(delivery));
  }

  close() {
    for (const sockets of this.rooms.values()) for (const socket of sockets) socket.close(1001, 'server stopping');
    this.rooms.clear();
    return this.transport.close();
  }

  /** Puts a socket in its user's room, remembering its session; answers the function that takes it out. */
  join(userId: number, socket: RealtimeSocket, session?: string): () => void {
    let room = this.rooms.get(userId);
    if (!room) this.rooms.set(userId, (room = new Set()));
    room.add(socket);
    if (session !== undefined) this.sessionOf.set(socket, session);
    return () => {
      const current = this.rooms.get(userId);
      if (!current) return;
      current.delete(socket);
      if (current.size === 0) this.rooms.delete(userId);
    };
  }

  /** Sockets open in this process for a user (for tests and diagnostics). */
  socketsOf(userId: number): number {
    return this.rooms.get(userId)?.size ?? 0;
  }

  publishToUser(userId: number, frame: TServerFrame) {
    return this.publishToUsers([userId], frame);
  }

  async publishToUsers(userIds: number[], frame: TServerFrame) {
    if (userIds.length === 0) return;
    await this.transport.publish({ kind: 'frame', userIds: [...new Set(userIds)], frame });
  }

  /** To every user who acts for the company, and no one else. */
  async publishToPartner(partnerId: number, frame: TServerFrame) {
    await this.publishToUsers(await this.partnerUsers(partnerId), frame);
  }

  /** Closes the user's sockets in every process. */
  async disconnectUsers(userIds: number[], reason: string) {
    if (userIds.length === 0) return;
    await this.transport.publish({ kind: 'disconnect', userIds, reason });
  }

  /** Closes, in every process, the user's sockets signed in with this session (its token's hash): a sign-out. */
  async endSession(userId: number, session: string, reason: string) {
    await this.transport.publish({ kind: 'disconnect', userIds: [userId], reason, sessions: [session] });
  }

  private deliverHere(delivery: Delivery) {
    for (const userId of delivery.userIds) {
      const room = this.rooms.get(userId);
      if (!room) continue;
      for (const socket of [...room]) {
        if (delivery.kind === 'disconnect' && delivery.sessions && !delivery.sessions.includes(this.sessionOf.get(socket) ?? '')) continue;
        try {
          if (delivery.kind === 'frame') socket.send(JSON.stringify(delivery.frame));
          else socket.close(4401, delivery.reason);
        } catch (error) {
          this.log.warn({ err: error, userId }, 'realtime delivery to a socket failed');
        }
      }
    }
  }
}

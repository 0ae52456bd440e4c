/**
 * The realtime connection of spec §4: state connected or closed; on open the stored token is sent as an object; on
 * close it reconnects (when reconnection is on) after 1000 ms, with unlimited attempts by default and the count reset
 * on open; when the attempts run out it signals a reconnect error; a heartbeat goes every 5000 ms. Framework-free,
 * so the timing rules are tested with fake timers and a fake WebSocket.
 */
import { SOCKET_CLOSE, type TSocketFrame } from '@portal/contracts';

export type RealtimeState = 'connected' | 'closed';

export interface RealtimeSocketOptions {
  url: string;
  /** The stored session token, read at each (re)connect. */
  getToken: () => string;
  reconnection?: boolean;
  /** Spec §9: 1000 ms. */
  reconnectionDelay?: number;
  /** Unlimited by default. */
  reconnectionAttempts?: number;
  /** Spec §9: 5000 ms. */
  heartbeatMs?: number;
  onState?: (state: RealtimeState) => void;
  onFrame?: (frame: TSocketFrame) => void;
  /** The attempts ran out: the store shows it. */
  onReconnectError?: () => void;
  /** The server refused the token: reconnecting will not help until the user signs in again. */
  onUnauthorized?: () => void;
  WebSocketImpl?: typeof WebSocket;
}

export const REALTIME_DEFAULTS = {
  reconnection: true,
  reconnectionDelay: 1000,
  reconnectionAttempts: Infinity,
  heartbeatMs: 5000,
} as const;

export class RealtimeSocket {
  private socket: WebSocket | null = null;
  private attempts = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private heartbeatTimer: ReturnType<typeof setInterval> | null = null;
  private lastHeard = 0;
  private stopped = false;
  private readonly options: Required<Omit<RealtimeSocketOptions, 'onState' | 'onFrame' | 'onReconnectError' | 'onUnauthorized'>> &
    RealtimeSocketOptions;
  state: RealtimeState = 'closed';

  constructor(options: RealtimeSocketOptions) {
    this.options = { ...REALTIME_DEFAULTS, WebSocketImpl: globalThis.WebSocket, ...options };
  }

  /** Attempts made since the last successful open. */
  get reconnectAttempts() {
    return this.attempts;
  }

  connect() {
    this.stopped = false;
    this.open();
  }

  /** Closes for good: no reconnect (sign-out, leaving the shell). */
  close() {
    this.stopped = true;
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, 'client closed');
    this.setState('closed');
  }

  send(frame: unknown) {
    if (this.socket?.readyState === 1) this.socket.send(JSON.stringify(frame));
  }

  private open() {
    const socket = new this.options.WebSocketImpl(this.options.url);
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempts = 0;
      this.lastHeard = Date.now();
      this.send({ token: this.options.getToken() });
      this.startHeartbeat();
      this.setState('connected');
    };
    socket.onmessage = (event: MessageEvent) => {
      if (this.socket !== socket) return;
      this.lastHeard = Date.now();
      let frame: TSocketFrame;
      try {
        frame = JSON.parse(String(event.data)) as TSocketFrame;
      } catch {
        return;
      }
      if (typeof frame === 'object' && frame !== null) this.options.onFrame?.(frame);
    };
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearTimers();
      this.setState('closed');
      if (event.code === SOCKET_CLOSE.unauthorized) {
        this.stopped = true;
        this.options.onUnauthorized?.();
        return;
      }
      this.scheduleReconnect();
    };
    // An error is followed by close, which decides what happens next.
    socket.onerror = () => {};
  }

  private scheduleReconnect() {
    if (this.stopped || !this.options.reconnection) return;
    if (this.attempts >= this.options.reconnectionAttempts) {
      this.options.onReconnectError?.();
      return;
    }
    this.attempts += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.stopped) this.open();
    }, this.options.reconnectionDelay);
  }

  private startHeartbeat() {
    this.heartbeatTimer = setInterval(() => {
      // A server silent for three heartbeats is gone (a half-open connection never fires close): start again.
      if (Date.now() - this.lastHeard > this.options.heartbeatMs * 3) {
        const socket = this.socket;
        this.socket = null;
        this.clearTimers();
        socket?.close(4000, 'server silent');
        this.setState('closed');
        this.scheduleReconnect();
        return;
      }
      this.send({ action: 'ping' });
    }, this.options.heartbeatMs);
  }

  private clearTimers() {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.heartbeatTimer = null;
    this.reconnectTimer = null;
  }

  private setState(state: RealtimeState) {
    if (this.state === state) return;
    this.state = state;
    this.options.onState?.(state);
  }
}

/** The socket's address: the page's own host, ws or wss as the page is http or https. */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'> = window.location) {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

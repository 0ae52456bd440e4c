import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from './fake-web-socket.test-support';
import { RealtimeSocket, realtimeUrl, type RealtimeSocketOptions } from './realtime-socket';

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.reset();
});
afterEach(() => vi.useRealTimers());

function start(options: Partial<RealtimeSocketOptions> = {}) {
  const events = { states: [] as string[], reconnectErrors: 0, unauthorized: 0, frames: [] as unknown[] };
  const socket = new RealtimeSocket({
    url: 'ws://portal.test/ws',
    getToken: () => 'stored-token',
    WebSocketImpl: FakeWebSocket as unknown as typeof WebSocket,
    onState: (state) => events.states.push(state),
    onReconnectError: () => events.reconnectErrors++,
    onUnauthorized: () => events.unauthorized++,
    onFrame: (frame) => events.frames.push(frame),
    ...options,
  });
  socket.connect();
  return { socket, events };
}

describe('RealtimeSocket', () => {
  it('is closed until open; on open it is connected and sends the stored token as an object', () => {
    const { socket, events } = start();
    expect(socket.state).toBe('closed');
    FakeWebSocket.latest().open();
    expect(socket.state).toBe('connected');
    expect(events.states).toEqual(['connected']);
    expect(FakeWebSocket.latest().sent).toEqual([{ token: 'stored-token' }]);
  });

  it('pings every 5000 ms', () => {
    start();
    const ws = FakeWebSocket.latest();
    ws.open();
    vi.advanceTimersByTime(4999);
    expect(ws.sent).toHaveLength(1);
    ws.receive({ action: 'pong' });
    vi.advanceTimersByTime(1);
    expect(ws.sent[1]).toEqual({ action: 'ping' });
    ws.receive({ action: 'pong' });
    vi.advanceTimersByTime(5000);
    expect(ws.sent.filter((frame) => (frame as { action?: string }).action === 'ping')).toHaveLength(2);
  });

  it('reconnects 1000 ms after a close, not sooner', () => {
    const { socket, events } = start();
    FakeWebSocket.latest().open();
    FakeWebSocket.latest().drop();
    expect(socket.state).toBe('closed');
    expect(events.states).toEqual(['connected', 'closed']);
    vi.advanceTimersByTime(999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.latest().open();
    expect(socket.state).toBe('connected');
    expect(FakeWebSocket.latest().sent).toEqual([{ token: 'stored-token' }]);
  });

  it('tries without limit by default and never signals a reconnect error', () => {
    const { events } = start();
    for (let attempt = 0; attempt < 50; attempt++) {
      FakeWebSocket.latest().drop();
      vi.advanceTimersByTime(1000);
    }
    expect(FakeWebSocket.instances).toHaveLength(51);
    expect(events.reconnectErrors).toBe(0);
  });

  it('signals a reconnect error once the attempts run out, and stops trying', () => {
    const { events } = start({ reconnectionAttempts: 3 });
    FakeWebSocket.latest().drop();
    for (let attempt = 0; attempt < 3; attempt++) {
      vi.advanceTimersByTime(1000);
      FakeWebSocket.latest().drop();
    }
    expect(FakeWebSocket.instances).toHaveLength(4);
    expect(events.reconnectErrors).toBe(1);
    vi.advanceTimersByTime(10_000);
    expect(FakeWebSocket.instances).toHaveLength(4);
  });

  it('resets the attempt count on open', () => {
    const { socket, events } = start({ reconnectionAttempts: 2 });
    FakeWebSocket.latest().drop();
    vi.advanceTimersByTime(1000);
    FakeWebSocket.latest().drop();
    vi.advanceTimersByTime(1000);
    expect(socket.reconnectAttempts).toBe(2);
    FakeWebSocket.latest().open();
    expect(socket.reconnectAttempts).toBe(0);
    // Two more failures are allowed again before the error.
    FakeWebSocket.latest().drop();
    vi.advanceTimersByTime(1000);
    FakeWebSocket.latest().drop();
    vi.advanceTimersByTime(1000);
    expect(events.reconnectErrors).toBe(0);
    FakeWebSocket.latest().drop();
    expect(events.reconnectErrors).toBe(1);
  });

  it('does not reconnect when reconnection is off', () => {
    start({ reconnection: false });
    FakeWebSocket.latest().open();
    FakeWebSocket.latest().drop();
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('stops when the server refuses the token (4401): reconnecting would not help', () => {
    const { events } = start();
    FakeWebSocket.latest().open();
    FakeWebSocket.latest().drop(4401);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(events.unauthorized).toBe(1);
  });

  it('drops a server silent for three heartbeats and connects again', () => {
    const { socket } = start();
    const first = FakeWebSocket.latest();
    first.open();
    vi.advanceTimersByTime(15_000);
    expect(socket.state).toBe('connected');
    vi.advanceTimersByTime(5000);
    expect(socket.state).toBe('closed');
    expect(first.readyState).toBe(3);
    vi.advanceTimersByTime(1000);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('passes frames on and ignores what is not JSON', () => {
    const { events } = start();
    const ws = FakeWebSocket.latest();
    ws.open();
    ws.onmessage?.({ data: 'not json' });
    ws.receive({ namespace: 'orders', action: 'refresh', payload: { ids: [1] } });
    expect(events.frames).toEqual([{ namespace: 'orders', action: 'refresh', payload: { ids: [1] } }]);
  });

  it('close() closes for good', () => {
    const { socket } = start();
    FakeWebSocket.latest().open();
    socket.close();
    expect(socket.state).toBe('closed');
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('uses ws on http pages and wss on https pages, on the same host', () => {
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:8000' })).toBe('ws://localhost:8000/ws');
    expect(realtimeUrl({ protocol: 'https:', host: 'portal.example.ru' })).toBe('wss://portal.example.ru/ws');
  });
});

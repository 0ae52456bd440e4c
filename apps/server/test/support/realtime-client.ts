/** A realtime socket client for the server tests: opens /ws on a listening app and collects the frames it receives. */
import WebSocket from 'ws';

export interface TestSocket {
  ws: WebSocket;
  frames: Array<Record<string, unknown>>;
  /** Resolves with the close code (and reason) once the server or client closes. */
  closed: Promise<{ code: number; reason: string }>;
  send(frame: unknown): void;
  /** Waits for a frame matching the predicate (already received ones count); the limit only ends a wait that would never succeed. */
  next(match: (frame: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
}

export function openSocket(baseUrl: string, options: { origin?: string } = {}): Promise<TestSocket> {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`, options.origin ? { origin: options.origin } : {});
  const frames: Array<Record<string, unknown>> = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (data) => {
    frames.push(JSON.parse(data.toString()) as Record<string, unknown>);
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const socket: TestSocket = {
    ws,
    frames,
    closed,
    send: (frame) => ws.send(JSON.stringify(frame)),
    next: (match, timeoutMs = 30_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`)), timeoutMs);
        const look = () => {
          const found = frames.find(match);
          if (found) {
            clearTimeout(timer);
            resolve(found);
          } else waiters.push(look);
        };
        look();
      }),
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(socket));
    ws.once('unexpected-response', (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
    ws.once('error', reject);
  });
}

/** Opens a socket and signs it in with a bearer header's token; resolves after the server's ready frame. */
export async function openSignedInSocket(baseUrl: string, authorization: string): Promise<TestSocket> {
  const socket = await openSocket(baseUrl);
  socket.send({ token: authorization.replace(/^Bearer /, '') });
  await socket.next((frame) => frame.action === 'ready');
  return socket;
}

export const tokenOf = (headers: { authorization: string }) => headers.authorization.replace(/^Bearer /, '');

/**
 * Resolves once the socket has received everything the server published to this user before the call. A marker (a
 * pong) is published the way the server's own frames go — through PostgreSQL NOTIFY when the server runs on it,
 * delivered in the order published — so it arrives after them. A ping answered by the socket itself is not enough
 * there: its pong can overtake a frame still on its way through the database.
 */
export async function heardAllPublished(
  hub: { publishToUser(userId: number, frame: { action: 'pong' }): Promise<void> },
  userId: number,
  socket: TestSocket,
): Promise<void> {
  const pongs = () => socket.frames.filter((frame) => frame.action === 'pong').length;
  const answered = pongs();
  await hub.publishToUser(userId, { action: 'pong' });
  await socket.next(() => pongs() > answered);
}

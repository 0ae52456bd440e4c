/**
 * The realtime socket at /ws (spec §7 "Realtime socket"). After it opens the client sends `{token}`; the server checks
 * the session and puts the socket in its user's room. No valid token within 5 s → closed (4401). The client pings
 * every 5000 ms and gets a pong; a socket silent for three heartbeats is closed (4408). A sign-out, a new password or
 * a block closes the session's sockets at once (through the hub); the periodic re-check is only a safety net. A
 * socket sending more than MESSAGE_LIMIT messages within MESSAGE_WINDOW_MS is closed (1008, policy violation): the
 * client sends one ping per 5 s, so only a misbehaving client gets near it.
 */
import { SOCKET_CLOSE, ZSocketAuthSchema, ZSocketFrameSchema, type TServerFrame } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import { realtimeHub } from '../../lib/realtime';
import { authenticate } from '../auth';
import { isOriginAllowed } from './realtime.service';

/** A session ended where no event reaches the hub (it expired) closes the socket within this time. */
const SESSION_RECHECK_MS = 60_000;
export const MESSAGE_LIMIT = 30;
export const MESSAGE_WINDOW_MS = 10_000;
const POLICY_VIOLATION = 1008;

/** The hub (`app.realtime`) and the socket route, registered at the root: /ws is not under /api. */
export const realtimeModule = fp(async (app: FastifyInstance) => {
  await app.register(realtimeHub);

  app.get(
    '/ws',
    {
      websocket: true,
      config: { public: true },
      schema: { hide: true },
      preValidation: async (request, reply) => {
        if (!isOriginAllowed(request.headers.origin, request.host, app.config.ALLOWED_ORIGINS, request.protocol)) {
          request.log.warn({ origin: request.headers.origin }, 'realtime socket refused: origin not allowed');
          await reply.status(403).send({
            error: { code: 'FORBIDDEN', message: 'Подключение с этого адреса не разрешено (ALLOWED_ORIGINS).' },
            response: null,
          });
        }
      },
    },
    (socket, request) => serveSocket(app, socket, request.log),
  );
});

function serveSocket(app: FastifyInstance, socket: WebSocket, log: FastifyInstance['log']) {
  const { heartbeatMs, authTimeoutMs } = app.realtime.settings;
  let leave: (() => void) | null = null;
  let userId: number | null = null;
  let token = '';
  let checkedAt = 0;
  let busy = false;
  let windowStarted = Date.now();
  let messagesInWindow = 0;

  const send = (frame: TServerFrame) => socket.send(JSON.stringify(frame));
  const closeWith = (code: number, reason: string) => {
    socket.close(code, reason);
    // A dead peer never answers the close handshake.
    setTimeout(() => socket.terminate(), 1000).unref();
  };

  const authTimer = setTimeout(() => closeWith(SOCKET_CLOSE.unauthorized, 'token expected'), authTimeoutMs);
  let silenceTimer = setTimeout(() => closeWith(SOCKET_CLOSE.silent, 'silent'), heartbeatMs * 3);
  const heard = () => {
    clearTimeout(silenceTimer);
    silenceTimer = setTimeout(() => closeWith(SOCKET_CLOSE.silent, 'silent'), app.realtime.settings.heartbeatMs * 3);
  };

  socket.on('close', () => {
    clearTimeout(authTimer);
    clearTimeout(silenceTimer);
    leave?.();
  });

  socket.on('message', (data, isBinary) => {
    const now = Date.now();
    if (now - windowStarted >= MESSAGE_WINDOW_MS) {
      windowStarted = now;
      messagesInWindow = 0;
    }
    if (++messagesInWindow > MESSAGE_LIMIT) {
      // Nothing more is read from a flooding socket: it is closed, and dropped if it ignores the close.
      if (messagesInWindow === MESSAGE_LIMIT + 1) {
        log.warn({ userId }, 'realtime socket closed: too many messages');
        closeWith(POLICY_VIOLATION, 'too many messages');
      }
      return;
    }
    heard();
    if (isBinary || busy) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(data.toString());
    } catch {
      return;
    }
    const auth = ZSocketAuthSchema.safeParse(parsed);
    if (auth.success && userId === null) {
      busy = true;
      void bind(auth.data.token).finally(() => (busy = false));
      return;
    }
    const frame = ZSocketFrameSchema.safeParse(parsed);
    if (frame.success && frame.data.action === 'ping') {
      send({ action: 'pong' });
      if (userId !== null && Date.now() - checkedAt > SESSION_RECHECK_MS) {
        busy = true;
        void recheck().finally(() => (busy = false));
      }
    }
  });

  async function bind(candidate: string) {
    try {
      const user = await authenticate(app.db, candidate);
      if (socket.readyState !== socket.OPEN) return;
      if (!user) return closeWith(SOCKET_CLOSE.unauthorized, 'invalid token');
      clearTimeout(authTimer);
      userId = user.id;
      token = candidate;
      checkedAt = Date.now();
      leave = app.realtime.join(user.id, socket, user.tokenHash);
      send({ namespace: 'session', action: 'ready', payload: { login: user.login } });
    } catch (error) {
      log.error({ err: error }, 'realtime socket sign-in failed');
      closeWith(1011, 'server error');
    }
  }

  async function recheck() {
    checkedAt = Date.now();
    try {
      if (!(await authenticate(app.db, token))) closeWith(SOCKET_CLOSE.unauthorized, 'session ended');
    } catch (error) {
      log.warn({ err: error }, 'realtime session re-check failed');
    }
  }
}

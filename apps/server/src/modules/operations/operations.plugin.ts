/**
 * The operations area inside the server: the metrics hook and endpoint, and the operator socket through which a
 * running portal on the embedded database makes backups. (Health and readiness are API routes: health.routes.ts.)
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, notFound } from '../../lib/errors';
import { wrongKeyThrottle } from '../../lib/failure-throttle';
import { IDEMPOTENT_REPLAYED } from '../orders';
import { Metrics } from './metrics';
import { openOperatorSocket, type OperatorSocket } from './operator-socket';

const ORDER_PLACEMENT = '/api/order/add';

export const operationsPlugin = fp(async (app: FastifyInstance) => {
  const metrics = new Metrics();
  // Modules that count their own events (the 1C exchange's packages) reach the process's metrics through the app.
  app.decorate('metrics', metrics);
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    // A retry answered from the stored first answer placed nothing.
    const placed = route === ORDER_PLACEMENT && request.method === 'POST' && reply.statusCode === 200 && !reply.getHeader(IDEMPOTENT_REPLAYED);
    if (placed) metrics.orderPlaced();
    done();
  });

  // Off unless a token is configured; then only a scraper with the token reads it. Never public.
  const token = app.config.METRICS_TOKEN;
  const expected = token ? digest(token) : undefined;
  const throttle = wrongKeyThrottle();
  app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    if (!expected) throw notFound('Метрики выключены: задайте METRICS_TOKEN, чтобы их включить.');
    // Wrong tokens are throttled per address like the integration key: refused for the window, right token or not.
    if (throttle.isBlocked(request.ip)) {
      throw new AppError('TOO_MANY_REQUESTS', 'Слишком много запросов метрик с неверным токеном с этого адреса. Подождите 15 минут и проверьте METRICS_TOKEN.');
    }
    const given = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!given || !timingSafeEqual(digest(given), expected)) {
      throttle.fail(request.ip);
      throw new AppError('UNAUTHORIZED', 'Метрики доступны только с токеном METRICS_TOKEN в заголовке Authorization: Bearer.');
    }
    return reply
      .header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(metrics.render(app.database.poolUse(), await app.database.engineMemory?.()));
  });

  const { DATA_DIR } = app.config;
  if (app.database.whileHeld && DATA_DIR !== 'memory://') {
    let socket: OperatorSocket | undefined;
    app.addHook('onReady', async () => {
      socket = await openOperatorSocket(app.database, DATA_DIR, app.log);
    });
    app.addHook('onClose', async () => {
      await socket?.close();
    });
  }
});

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's Prometheus metrics (modules/operations/metrics.ts). */
    metrics: Metrics;
  }
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * For load balancers and orchestrators: liveness (`/api/health`: the process answers) and readiness (`/api/ready`:
 * the database answers and carries every migration of this build). Public, and they tell nothing about the inside:
 * the reason a check failed goes to the log.
 */
import { errorResponses } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isCurrent, readSchemaState, textQuery } from './schema-version';

const ZHealthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  /** Readiness only: a write refused in the last minute because the disk is full or read-only (lib/disk-faults.ts). */
  disk: z.enum(['full', 'read-only']).optional(),
});

/** A readiness check that cannot finish in this time counts as failed (a database that does not answer at all). */
const READY_TIMEOUT_MS = 3000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { public: true, ignoresSession: true },
      schema: { tags: ['operations'], summary: 'Liveness: the process answers', security: [], response: { 200: ZHealthSchema, ...errorResponses(400) } },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      config: { public: true, ignoresSession: true },
      schema: {
        tags: ['operations'],
        summary: 'Readiness: the database answers, its migrations are current and no write met a full or read-only disk in the last minute (503 otherwise)',
        security: [],
        // 503 answers a load balancer with the same small body, not the error envelope.
        response: { 200: ZHealthSchema, ...errorResponses(400), 503: ZHealthSchema },
      },
    },
    async (request, reply) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer from the database in ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
      });
      try {
        const state = await Promise.race([readSchemaState(textQuery(app.db)), timeout]);
        if (!isCurrent(state)) throw new Error(`the database schema is not current: ${JSON.stringify(state)}`);
        // Reads still work on a full disk, but no order can be placed: a balancer should send buyers elsewhere.
        const disk = app.diskFaults.current();
        if (disk) {
          request.log.warn({ disk }, 'not ready: a write met a full or read-only disk');
          return reply.status(503).send({ status: 'unavailable', disk });
        }
        return { status: 'ok' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'not ready');
        return reply.status(503).send({ status: 'unavailable' });
      } finally {
        clearTimeout(timer);
      }
    },
  );
};

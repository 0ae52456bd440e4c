/** Creates the realtime hub on the transport that fits the database, and decorates the app with it (`app.realtime`). */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client';
import { userPartners } from '../../db/schema';
import { RealtimeHub } from './hub';
import { LocalTransport } from './local-transport';
import { PostgresTransport } from './postgres-transport';

export { RealtimeHub } from './hub';
export type { RealtimeSocket, RealtimeSettings } from './hub';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
}

/**
 * A started hub. On PostgreSQL it fans out through LISTEN/NOTIFY, so a publisher without sockets of its own (the
 * operators' command line) still reaches every server process.
 */
export async function createRealtimeHub(database: Database, databaseUrl: string | undefined, log: FastifyBaseLogger) {
  const transport =
    database.kind === 'postgres' && databaseUrl
      ? new PostgresTransport(
          databaseUrl,
          async (channel, payload) => {
            await database.db.execute(sql`select pg_notify(${channel}, ${payload})`);
          },
          log,
        )
      : new LocalTransport();
  const hub = new RealtimeHub(
    transport,
    async (partnerId) =>
      (
        await database.db.select({ id: userPartners.userId }).from(userPartners).where(and(eq(userPartners.partnerId, partnerId), eq(userPartners.blocked, false)))
      ).map((row) => row.id),
    log,
  );
  await hub.start();
  return hub;
}

export const realtimeHub = fp(async (app: FastifyInstance) => {
  const hub = await createRealtimeHub(app.database, app.config.DATABASE_URL, app.log);
  app.decorate('realtime', hub);
  app.addHook('preClose', () => hub.close());
});

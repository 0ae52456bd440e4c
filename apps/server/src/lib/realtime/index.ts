/** Creates the app's realtime hub on the transport that fits the database, and decorates the app with it (`app.realtime`). */
import { sql } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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

export const realtimeHub = fp(async (app: FastifyInstance) => {
  const transport =
    app.database.kind === 'postgres' && app.config.DATABASE_URL
      ? new PostgresTransport(
          app.config.DATABASE_URL,
          async (channel, payload) => {
            await app.db.execute(sql`select pg_notify(${channel}, ${payload})`);
          },
          app.log,
        )
      : new LocalTransport();
  const hub = new RealtimeHub(
    transport,
    async (partnerId) =>
      (await app.db.select({ id: userPartners.userId }).from(userPartners).where(eq(userPartners.partnerId, partnerId))).map(
        (row) => row.id,
      ),
    app.log,
  );
  await hub.start();
  app.decorate('realtime', hub);
  app.addHook('preClose', () => hub.close());
});

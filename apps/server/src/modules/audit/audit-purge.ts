/** Records are kept for AUDIT_KEEP_DAYS (default 365), then deleted, hourly, like the mail sender's settled messages. */
import type { FastifyInstance } from 'fastify';
import { purgeBefore } from './audit.repository';

export async function purgeOldRecords(app: Pick<FastifyInstance, 'db' | 'config' | 'log'>, now = Date.now()): Promise<number> {
  try {
    const purged = await purgeBefore(app.db, new Date(now - app.config.AUDIT_KEEP_DAYS * 86_400_000));
    if (purged > 0) app.log.info({ purged }, `audit: ${purged} records older than ${app.config.AUDIT_KEEP_DAYS} days deleted`);
    return purged;
  } catch (error) {
    app.log.error({ err: error }, 'audit purge failed; it is tried again in an hour');
    return 0;
  }
}

/**
 * The seed plays the ERP: it sends the demo's companies, users, catalogue groups and main-page content through the
 * integration module's batches, the same code as POST /api/integration/<kind> and the operators' command line, so
 * every demo row is checked and written by the rules any data the portal receives is.
 */
import type { TIntegrationReport } from '@portal/contracts';
import { pino } from 'pino';
import type { Db } from '../db/client';
import { RealtimeHub } from '../lib/realtime';
import { LocalTransport } from '../lib/realtime/local-transport';
import type { FileStorage } from '../lib/storage';
import { MAX_BATCH_ITEMS, importBatch, type BatchOptions, type IntegrationApp, type IntegrationKindName } from '../modules/integration';

/**
 * Runs `send` with the pieces an import needs. The seed runs before the server listens (or in the command line), so
 * no socket is open anywhere: the hub is a local one with nobody in its rooms, and a company has no one to push to.
 */
export async function asTheErp<T>(db: Db, storage: FileStorage | undefined, send: (app: IntegrationApp) => Promise<T>): Promise<T> {
  const log = pino({ level: 'warn' });
  const realtime = new RealtimeHub(new LocalTransport(), async () => [], log);
  await realtime.start();
  try {
    return await send({ db, realtime, log, ...(storage && { storage }) });
  } finally {
    await realtime.close();
  }
}

/**
 * Sends the items as batches of the kind; an item refused is a mistake in the demo data, so the seed stops on it.
 * The demo's past (statuses set weeks ago) goes `asOf` the moment it happened: dated then, announced to nobody.
 */
export async function sendBatches(app: IntegrationApp, kind: IntegrationKindName, items: readonly unknown[], options: BatchOptions = {}): Promise<void> {
  for (let from = 0; from < items.length; from += MAX_BATCH_ITEMS) {
    const report: TIntegrationReport = await importBatch(app, kind, items.slice(from, from + MAX_BATCH_ITEMS), options);
    const refused = report.items.filter((item) => item.status === 'refused');
    if (refused.length > 0) {
      const reasons = refused.map((item) => `${item.key ?? `#${from + item.index + 1}`}: ${item.reason}`).join('; ');
      throw new Error(`Seed: the integration refused ${refused.length} of the demo's ${kind}: ${reasons}`);
    }
  }
}

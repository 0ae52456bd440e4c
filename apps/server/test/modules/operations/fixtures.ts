/** A portal on the embedded database persisted in a temporary DATA_DIR (backups and moves need real files). */
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { firstWorkingDayFrom, moscowDateAfter } from '@portal/domain';
import { DEMO_PARTNERS } from '../../../src/seed/people';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/app';
import { testConfig } from '../../../src/config';
import { line, type FixtureProduct } from '../orders/fixtures';
import { atServerPrices } from '../../support/order-prices';

export function scratchFolder(name: string): string {
  return mkdtempSync(path.join(tmpdir(), `portal-${name}-`));
}

export async function removeFolders(...folders: Array<string | undefined>): Promise<void> {
  await Promise.all(folders.filter(Boolean).map((folder) => rm(folder!, { recursive: true, force: true })));
}

/** The portal as `npm start` runs it on `dataDir` (engine thread, files on disk), seeded, ready. */
export async function startEmbeddedPortal(dataDir: string, overrides: Record<string, string> = {}): Promise<FastifyInstance> {
  const app = await buildApp(testConfig({ DATA_DIR: dataDir, DATABASE_URL: '', SEED_PRODUCTS: '60', ...overrides }));
  try {
    await app.ready();
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}

/**
 * A one-line order of `quantity` of the product's first offer, by default for ООО «СпецСнаб» (the demo user's
 * company), at the prices the server charges now.
 */
export async function orderPayload(
  app: FastifyInstance,
  product: FixtureProduct,
  quantity: number,
  comment = 'Заказ для проверки',
  as: { login: string; partner: string } = { login: 'demo', partner: DEMO_PARTNERS.SPECSNAB },
) {
  const offer = product.offers[0]!;
  return atServerPrices(app, as.login, {
    partner_id: as.partner,
    comment,
    delivery: {
      address: 'Москва, ул. Тверская, 7',
      case: 'pickup',
      date: firstWorkingDayFrom(moscowDateAfter(Date.now(), 2)),
      cost: 0,
      bill_to: '',
    },
    position: [{ guid: product.uid, characteristics: [line(offer, quantity)] }],
    position_presail: [],
  });
}

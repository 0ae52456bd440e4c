/**
 * The demo data: deterministic and idempotent (users, products, orders, shipments and claims already there are kept;
 * companies, groups and content are sent again as the ERP would send them), with a size knob for the catalogue. Each
 * area is written through its module's index.ts, as the ERP, the operators' command line or a dealer would write it
 * (seed/erp.ts). Areas add their step to SEED_STEPS in the order they depend on each other.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { portalMeta } from '../db/schema';
import type { FileStorage } from '../lib/storage';
import { seedCatalog } from './catalog';
import { seedContent } from './content';
import { seedShipmentRequests, seedShipmentsAndClaims } from './logistics';
import { seedBackOffice, seedOrders } from './orders';
import { seedPeople } from './people';

export interface SeedContext {
  db: Db;
  storage: FileStorage;
  /** How many products the catalogue gets (SEED_PRODUCTS). */
  products: number;
  log: (message: string) => void;
}

export const SEED_STEPS: Array<{ name: string; run: (context: SeedContext) => Promise<void> }> = [
  { name: 'people and companies', run: ({ db }) => seedPeople(db) },
  { name: 'catalogue', run: ({ db, storage, products, log }) => seedCatalog(db, storage, products, log) },
  { name: 'main-page content', run: ({ db }) => seedContent(db) },
  { name: 'demo orders', run: ({ db, storage, products, log }) => seedOrders(db, storage, products, log) },
  // Before the back office ships the orders: a shipped order takes no shipment request.
  { name: 'delivery addresses and shipment requests', run: ({ db, storage }) => seedShipmentRequests(db, storage) },
  { name: "the orders' back office", run: ({ db, storage }) => seedBackOffice(db, storage) },
  // Keep last: claims refer to the orders and products seeded before them.
  { name: 'shipment statuses and claims', run: ({ db, storage }) => seedShipmentsAndClaims(db, storage) },
];

export async function seedDemo(context: SeedContext): Promise<void> {
  for (const step of SEED_STEPS) {
    const started = Date.now();
    await step.run(context);
    context.log(`seeded ${step.name} in ${Date.now() - started} ms`);
  }
}

const SEEDED = 'demo-seed-completed';

/**
 * Seeds until the seed has completed once; later starts leave the data as it is. A start interrupted mid-seed
 * seeds again on the next start (every step skips what exists).
 */
export async function seedIfEmpty(context: SeedContext): Promise<boolean> {
  const done = await context.db.select().from(portalMeta).where(eq(portalMeta.key, SEEDED));
  if (done.length > 0) return false;
  await seedDemo(context);
  await context.db.insert(portalMeta).values({ key: SEEDED, value: new Date().toISOString() }).onConflictDoNothing();
  return true;
}

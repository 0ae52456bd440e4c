/** SQL of the VAT table (`vat_rates`): a few rows per seller, read whole. */
import { asc, eq } from 'drizzle-orm';
import type { VatRate } from '@portal/domain';
import type { DbOrTx } from '../../db/client';
import { partners, vatRates } from '../../db/schema';

export async function allRates(db: DbOrTx): Promise<VatRate[]> {
  return db
    .select({ seller: vatRates.orgGuid, from: vatRates.validFrom, percent: vatRates.percent })
    .from(vatRates)
    .orderBy(asc(vatRates.orgGuid), asc(vatRates.validFrom));
}

export async function upsertRate(db: DbOrTx, rate: VatRate): Promise<void> {
  await db
    .insert(vatRates)
    .values({ orgGuid: rate.seller, validFrom: rate.from, percent: rate.percent })
    .onConflictDoUpdate({ target: [vatRates.orgGuid, vatRates.validFrom], set: { percent: rate.percent, updatedAt: new Date() } });
}

export async function partnerExists(db: DbOrTx, uid: string): Promise<boolean> {
  const [row] = await db.select({ id: partners.id }).from(partners).where(eq(partners.uid, uid)).limit(1);
  return row !== undefined;
}

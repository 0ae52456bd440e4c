/**
 * The VAT table: which rate each seller charges on which day (docs/decisions.md "VAT by date and seller"). Kept by the
 * ERP through the integration API and by operators on the command line; read by the invoice and the proposal.
 */
import { GENERAL_VAT_SELLER, ORGANISATION, ORGANISATION_NAMES, organisationName, russianDay, vatInForce, vatRateProblem, type VatRate } from '@portal/domain';
import type { TIntegrationVatRate } from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import { badRequest, conflict } from '../../lib/errors';
import { requireUserPartner } from '../../lib/partner-scope';
import * as repo from './vat.repository';

export const listVatRates = (db: DbOrTx): Promise<VatRate[]> => repo.allRates(db);

const ORGANISATION_GUIDS: readonly string[] = Object.values(ORGANISATION);

/** Stores one rate (replacing the seller's rate of that day); 400 in Russian saying what to fix. */
export async function setVatRate(db: DbOrTx, rate: TIntegrationVatRate): Promise<VatRate> {
  const problem = vatRateProblem(rate);
  if (problem) throw badRequest(problem);
  const seller = rate.seller.trim();
  if (seller !== GENERAL_VAT_SELLER && !ORGANISATION_GUIDS.includes(seller) && !(await repo.partnerExists(db, seller))) {
    const organisations = Object.entries(ORGANISATION_NAMES).map(([guid, name]) => `${guid} (${name})`).join(', ');
    throw badRequest(
      `Продавец «${seller}» не найден: укажите ${GENERAL_VAT_SELLER} (общая ставка), guid организации — ${organisations} — или uid компании дилера.`,
    );
  }
  const stored = { seller, from: rate.from, percent: rate.percent };
  await repo.upsertRate(db, stored);
  return stored;
}


/**
 * The rates of several sellers on one day, for a document: seller → percent (null: «Без НДС»). 409 when a seller's
 * table does not cover the day: a document is not printed with a guessed tax.
 */
export async function vatPercentsOn(db: DbOrTx, sellers: readonly string[], day: string): Promise<Record<string, number | null>> {
  const rates = await repo.allRates(db);
  const percents: Record<string, number | null> = {};
  for (const seller of sellers) {
    const found = vatInForce(rates, seller, day);
    if (!found) {
      throw conflict(
        `Ставка НДС продавца ${organisationName(seller)} на ${russianDay(day)} не задана: ` +
          'администратор портала задаёт её командой vat:set или через API интеграции.',
      );
    }
    percents[seller] = found.percent;
  }
  return percents;
}

/** The VAT a dealer company's own proposal states on a day (only for the user's own companies: 403/404 otherwise). */
export async function dealerVatOn(db: DbOrTx, userId: number, partnerUid: string, day: string): Promise<{ percent: number | null }> {
  await requireUserPartner(db, userId, partnerUid, 'proposals.manage');
  return { percent: (await vatPercentsOn(db, [partnerUid], day))[partnerUid] ?? null };
}

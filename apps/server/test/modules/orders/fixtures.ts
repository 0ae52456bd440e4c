/** Products and offers the order tests own, inserted straight into the database (independent of the demo catalogue). */
import { randomUUID } from 'node:crypto';
import { ORGANISATION } from '@portal/domain';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../src/db/client';
import { offers, products } from '../../../src/db/schema';

export interface FixtureOffer {
  guid: string;
  characteristic: string;
  residue: number;
  price: number;
  orgGuid: string;
}

export interface FixtureProduct {
  uid: string;
  article: string;
  name: string;
  offers: FixtureOffer[];
}

let sequence = 0;

/** Inserts a product with offers; article and guids are unique per call. */
export async function insertProduct(
  db: Db,
  spec: {
    name?: string;
    price?: number;
    priceOpt?: number;
    status?: string;
    maxDiscount?: number;
    type?: string;
    weight?: number;
    volume?: number;
    offers?: Array<{ characteristic: string; residue: number; price?: number; orgGuid?: string }>;
  },
): Promise<FixtureProduct> {
  sequence += 1;
  const suffix = `${Date.now().toString(36)}${sequence}`.toUpperCase();
  const article = `ТСТ-${suffix}`;
  const uid = randomUUID();
  const priceOpt = spec.priceOpt ?? 1000;
  const name = spec.name ?? `Костюм тестовый ${suffix}`;
  const [product] = await db
    .insert(products)
    .values({
      uid,
      name,
      type: spec.type ?? 'wear',
      article,
      articleKey: article.replace(/[\s-]/g, ''),
      nameKey: name.toLowerCase(),
      price: spec.price ?? priceOpt * 1.4,
      priceOpt,
      weight: spec.weight ?? 1.2,
      volume: spec.volume ?? 0.01,
      status: spec.status ?? '',
      maxDiscount: spec.maxDiscount ?? 0,
    })
    .returning({ id: products.id });
  const rows = (spec.offers ?? []).map((offer) => ({
    guid: randomUUID(),
    productId: product!.id,
    characteristic: offer.characteristic,
    residue: offer.residue,
    price: offer.price ?? priceOpt,
    orgGuid: offer.orgGuid ?? ORGANISATION.FRO,
    ppdata: '',
  }));
  if (rows.length > 0) await db.insert(offers).values(rows);
  return {
    uid,
    article,
    name,
    offers: rows.map(({ guid, characteristic, residue, price, orgGuid }) => ({ guid, characteristic, residue, price, orgGuid })),
  };
}

export async function residues(db: Db, guids: string[]): Promise<Record<string, number>> {
  const rows = await db.select({ guid: offers.guid, residue: offers.residue }).from(offers).where(inArray(offers.guid, guids));
  return Object.fromEntries(rows.map((row) => [row.guid, row.residue]));
}

export async function setResidue(db: Db, guid: string, residue: number): Promise<void> {
  await db.update(offers).set({ residue }).where(eq(offers.guid, guid));
}

/** A payload line for an offer (prices as the client would send them). */
export function line(offer: FixtureOffer, quantity: number, price = 0, discount = 0) {
  return { guid: offer.guid, orgguid: offer.orgGuid, quantity, price, fullprice: price, discount };
}

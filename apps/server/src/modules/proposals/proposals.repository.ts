import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { files, offers, partners, productImages, products, storages } from '../../db/schema';

export type ProposalImagePurpose = 'proposal-logo' | 'proposal-banner';

const imageColumns = {
  id: files.id,
  name: files.name,
  mime: files.mime,
  size: files.size,
  storageKey: files.storageKey,
  createdAt: files.createdAt,
};

/** The user's logos or banners in upload order. */
export function listImages(db: DbOrTx, userId: number, purpose: ProposalImagePurpose) {
  return db
    .select(imageColumns)
    .from(files)
    .where(and(eq(files.ownerUserId, userId), eq(files.purpose, purpose)))
    .orderBy(asc(files.createdAt), asc(files.id));
}

export async function countImages(db: DbOrTx, userId: number, purpose: ProposalImagePurpose) {
  const [row] = await db
    .select({ n: count() })
    .from(files)
    .where(and(eq(files.ownerUserId, userId), eq(files.purpose, purpose)));
  return row?.n ?? 0;
}

/** One of the user's logos or banners; undefined for another user's (never told apart from a missing one). */
export async function findUserImage(db: DbOrTx, userId: number, purpose: ProposalImagePurpose, id: number) {
  const [row] = await db
    .select(imageColumns)
    .from(files)
    .where(and(eq(files.id, id), eq(files.ownerUserId, userId), eq(files.purpose, purpose)))
    .limit(1);
  return row;
}

export async function insertImage(
  db: DbOrTx,
  values: { userId: number; purpose: ProposalImagePurpose; name: string; mime: string; size: number; storageKey: string },
) {
  const [row] = await db
    .insert(files)
    .values({ ownerUserId: values.userId, purpose: values.purpose, name: values.name, mime: values.mime, size: values.size, storageKey: values.storageKey })
    .returning({ id: files.id });
  return row!;
}

/** Deletes the user's image and answers its storage key; undefined when there was none of the user's. */
export async function deleteUserImage(db: DbOrTx, userId: number, purpose: ProposalImagePurpose, id: number) {
  const [row] = await db
    .delete(files)
    .where(and(eq(files.id, id), eq(files.ownerUserId, userId), eq(files.purpose, purpose)))
    .returning({ storageKey: files.storageKey });
  return row?.storageKey;
}

/** The executor company's details and its contracts as prices need them (organisation guid, price type, discount). */
export async function findPartnerDetails(db: DbOrTx, partnerId: number) {
  const [partner] = await db.select().from(partners).where(eq(partners.id, partnerId)).limit(1);
  const contracts = await db
    .select({ guid: storages.guid, pricetype: storages.priceType, discount: storages.discount })
    .from(storages)
    .where(eq(storages.partnerId, partnerId))
    .orderBy(asc(storages.id));
  return partner ? { partner, contracts } : undefined;
}

export function findProductsByUid(db: DbOrTx, uids: string[]) {
  if (uids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: products.id,
      uid: products.uid,
      name: products.name,
      article: products.article,
      price: products.price,
      priceOpt: products.priceOpt,
      status: products.status,
      maxDiscount: products.maxDiscount,
    })
    .from(products)
    .where(inArray(products.uid, uids));
}

export function findOffersOfProducts(db: DbOrTx, productIds: number[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .select({ guid: offers.guid, productId: offers.productId, characteristic: offers.characteristic, price: offers.price, orgGuid: offers.orgGuid })
    .from(offers)
    .where(inArray(offers.productId, productIds))
    .orderBy(asc(offers.id));
}

/** The first picture of each product (lowest sort). */
export async function findFirstImages(db: DbOrTx, productIds: number[]) {
  if (productIds.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ productId: productImages.productId, storageKey: productImages.storageKey })
    .from(productImages)
    .where(inArray(productImages.productId, productIds))
    .orderBy(asc(productImages.productId), asc(productImages.sort), asc(productImages.id));
  const first = new Map<number, string>();
  for (const row of rows) if (!first.has(row.productId)) first.set(row.productId, row.storageKey);
  return first;
}

export async function findPartnerByInn(db: DbOrTx, inn: string) {
  const [row] = await db
    .select({ name: partners.name, inn: partners.inn, address: partners.address })
    .from(partners)
    .where(eq(partners.inn, inn))
    .orderBy(asc(partners.id))
    .limit(1);
  return row;
}

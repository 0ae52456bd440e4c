/** SQL of the integration API: upserts by the ERP's ids, and lookups of the objects whose status it reports. */
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  catalogGroups,
  claimStatusHistory,
  files,
  orderDocuments,
  type claims,
  managers,
  news,
  offers,
  orderChecks,
  orders,
  partners,
  priceTypes,
  products,
  sessions,
  type shipments,
  showcaseCases,
  storageDocuments,
  storages,
  userPartners,
  users,
} from '../../db/schema';

const firstId = (rows: Array<{ id: number }>) => rows[0]?.id;

export async function productByArticle(db: DbOrTx, article: string) {
  const [row] = await db.select({ uid: products.uid }).from(products).where(eq(products.article, article)).limit(1);
  return row;
}

export async function productIdByUid(db: DbOrTx, uid: string) {
  return firstId(await db.select({ id: products.id }).from(products).where(eq(products.uid, uid)).limit(1));
}

export async function upsertProduct(db: DbOrTx, values: typeof products.$inferInsert) {
  const { uid: _uid, ...changes } = values;
  const rows = await db
    .insert(products)
    .values(values)
    .onConflictDoUpdate({ target: products.uid, set: changes })
    .returning({ id: products.id });
  return rows[0]!.id;
}

/** The products that hold these articles: article → uid. */
export async function productUidsByArticles(db: DbOrTx, articles: string[]) {
  if (articles.length === 0) return new Map<string, string>();
  const rows = await db.select({ uid: products.uid, article: products.article }).from(products).where(inArray(products.article, articles));
  return new Map(rows.map((row) => [row.article, row.uid]));
}

/**
 * Many products in one statement from one JSON parameter (a catalogue load): each row as upsertProduct writes it, in
 * the order given; `created_at` only when sent, and a stored product keeps its own. Rows bound as parameters cost
 * about as much again as the writing itself; a JSON document is one parameter.
 */
export async function loadProducts(db: DbOrTx, rows: Array<typeof products.$inferInsert>) {
  if (rows.length === 0) return;
  const json = JSON.stringify(
    rows.map((row) => ({
      uid: row.uid,
      name: row.name,
      type: row.type,
      article: row.article,
      article_key: row.articleKey,
      name_key: row.nameKey,
      price: row.price,
      price_opt: row.priceOpt,
      weight: row.weight,
      volume: row.volume,
      detail_text: row.detailText,
      status: row.status,
      video: row.video,
      characteristics: row.characteristics,
      max_discount: row.maxDiscount,
      group_code: row.groupCode,
      season_sale: row.seasonSale,
      protect: row.protect,
      created_at: row.createdAt ?? null,
    })),
  );
  await db.execute(sql`
    insert into products (uid, name, type, article, article_key, name_key, price, price_opt, weight, volume, detail_text,
                          status, video, characteristics, max_discount, group_code, season_sale, protect, created_at)
    select r.uid, r.name, r.type, r.article, r.article_key, r.name_key, r.price, r.price_opt, r.weight, r.volume,
           r.detail_text, r.status, r.video, r.characteristics, r.max_discount, r.group_code, r.season_sale, r.protect,
           coalesce(r.created_at, now())
    from jsonb_array_elements(${json}::jsonb) with ordinality as e(item, n)
    cross join lateral jsonb_to_record(e.item) as r(uid text, name text, type text, article text, article_key text,
      name_key text, price numeric, price_opt numeric, weight numeric, volume numeric, detail_text text, status text,
      video text, characteristics jsonb, max_discount numeric, group_code text, season_sale boolean, protect text,
      created_at timestamptz)
    order by e.n
    on conflict (uid) do update set name = excluded.name, type = excluded.type, article = excluded.article,
      article_key = excluded.article_key, name_key = excluded.name_key, price = excluded.price,
      price_opt = excluded.price_opt, weight = excluded.weight, volume = excluded.volume,
      detail_text = excluded.detail_text, status = excluded.status, video = excluded.video,
      characteristics = excluded.characteristics, max_discount = excluded.max_discount,
      group_code = excluded.group_code, season_sale = excluded.season_sale, protect = excluded.protect`);
}

/** Many offers in one statement from one JSON parameter: each row as upsertOffer writes it, in the order given. */
export async function loadOffers(db: DbOrTx, rows: Array<typeof offers.$inferInsert>) {
  if (rows.length === 0) return;
  const json = JSON.stringify(
    rows.map((row) => ({
      guid: row.guid,
      product_id: row.productId,
      characteristic: row.characteristic,
      residue: row.residue,
      price: row.price,
      ppdata: row.ppdata,
      org_guid: row.orgGuid,
    })),
  );
  await db.execute(sql`
    insert into offers (guid, product_id, characteristic, residue, price, ppdata, org_guid)
    select r.guid, r.product_id, r.characteristic, r.residue, r.price, r.ppdata, r.org_guid
    from jsonb_array_elements(${json}::jsonb) with ordinality as e(item, n)
    cross join lateral jsonb_to_record(e.item) as r(guid text, product_id integer, characteristic text, residue integer,
      price numeric, ppdata text, org_guid text)
    order by e.n
    on conflict (guid) do update set product_id = excluded.product_id, characteristic = excluded.characteristic,
      residue = excluded.residue, price = excluded.price, ppdata = excluded.ppdata, org_guid = excluded.org_guid`);
}

/** The ids of the products with these uids: uid → id. */
export async function productIdsByUids(db: DbOrTx, uids: string[]) {
  if (uids.length === 0) return new Map<string, number>();
  const rows = await db.select({ id: products.id, uid: products.uid }).from(products).where(inArray(products.uid, uids));
  return new Map(rows.map((row) => [row.uid, row.id]));
}

export async function upsertOffer(db: DbOrTx, values: typeof offers.$inferInsert) {
  const { guid: _guid, ...changes } = values;
  await db.insert(offers).values(values).onConflictDoUpdate({ target: offers.guid, set: changes });
}

/** Answers whether the offer exists. */
export async function setResidue(db: DbOrTx, guid: string, residue: number) {
  const rows = await db.update(offers).set({ residue }).where(eq(offers.guid, guid)).returning({ id: offers.id });
  return rows.length > 0;
}

export async function upsertCatalogGroup(db: DbOrTx, values: typeof catalogGroups.$inferInsert) {
  const { code: _code, ...changes } = values;
  await db.insert(catalogGroups).values(values).onConflictDoUpdate({ target: catalogGroups.code, set: changes });
}

export async function upsertPriceType(db: DbOrTx, values: typeof priceTypes.$inferInsert) {
  await db.insert(priceTypes).values(values).onConflictDoUpdate({ target: priceTypes.id, set: { name: values.name } });
}

export async function existingPriceTypes(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db.select({ id: priceTypes.id }).from(priceTypes).where(inArray(priceTypes.id, ids));
  return new Set(rows.map((row) => row.id));
}

export async function upsertManager(db: DbOrTx, values: typeof managers.$inferInsert) {
  const { uid: _uid, ...changes } = values;
  await db.insert(managers).values(values).onConflictDoUpdate({ target: managers.uid, set: changes });
}

export async function managerIdByUid(db: DbOrTx, uid: string) {
  return firstId(await db.select({ id: managers.id }).from(managers).where(eq(managers.uid, uid)).limit(1));
}

export async function upsertPartner(db: DbOrTx, values: typeof partners.$inferInsert) {
  const { uid: _uid, ...changes } = values;
  const rows = await db
    .insert(partners)
    .values(values)
    .onConflictDoUpdate({ target: partners.uid, set: changes })
    .returning({ id: partners.id });
  return rows[0]!.id;
}

export async function partnerByUid(db: DbOrTx, uid: string) {
  const [row] = await db.select({ id: partners.id, name: partners.name }).from(partners).where(eq(partners.uid, uid)).limit(1);
  return row;
}

export async function partnerIdsByUids(db: DbOrTx, uids: string[]) {
  if (uids.length === 0) return new Map<string, number>();
  const rows = await db.select({ id: partners.id, uid: partners.uid }).from(partners).where(inArray(partners.uid, uids));
  return new Map(rows.map((row) => [row.uid, row.id]));
}

export async function upsertStorage(db: DbOrTx, values: typeof storages.$inferInsert) {
  const { partnerId: _partner, guid: _guid, ...changes } = values;
  const rows = await db
    .insert(storages)
    .values(values)
    .onConflictDoUpdate({ target: [storages.partnerId, storages.guid], set: changes })
    .returning({ id: storages.id });
  return rows[0]!.id;
}

/** The company's contracts are exactly those sent: the others go (with their documents). */
export async function removeOtherStorages(db: DbOrTx, partnerId: number, keepGuids: string[]) {
  await db
    .delete(storages)
    .where(keepGuids.length ? and(eq(storages.partnerId, partnerId), notInArray(storages.guid, keepGuids)) : eq(storages.partnerId, partnerId));
}

export async function replaceStorageDocuments(db: DbOrTx, storageId: number, documents: Array<Omit<typeof storageDocuments.$inferInsert, 'storageId'>>) {
  await db.delete(storageDocuments).where(eq(storageDocuments.storageId, storageId));
  if (documents.length) await db.insert(storageDocuments).values(documents.map((document) => ({ ...document, storageId })));
}

export function userByLogin(db: DbOrTx, login: string) {
  return db.query.users.findFirst({ where: eq(users.login, login) });
}

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert) {
  const rows = await db.insert(users).values(values).returning({ id: users.id });
  return rows[0]!.id;
}

export async function updateUser(db: DbOrTx, id: number, changes: Partial<typeof users.$inferInsert>) {
  if (Object.keys(changes).length) await db.update(users).set(changes).where(eq(users.id, id));
}

/**
 * The ERP's list of the user's companies: links it no longer names go, new ones come (as administrators, the
 * table's default); a link it names again keeps the role, limit and blocking the company's administrator set.
 */
export async function replaceUserPartners(db: DbOrTx, userId: number, partnerIds: number[]) {
  await db
    .delete(userPartners)
    .where(and(eq(userPartners.userId, userId), partnerIds.length ? notInArray(userPartners.partnerId, partnerIds) : undefined));
  if (partnerIds.length) await db.insert(userPartners).values(partnerIds.map((partnerId) => ({ userId, partnerId }))).onConflictDoNothing();
}

/** The user's role (and order limit, kopecks) in the company with this uid; false when the user is not linked to it. */
export async function setUserRole(db: DbOrTx, userId: number, partnerUid: string, role: string, orderLimitKopecks: number | null): Promise<boolean> {
  const rows = await db
    .update(userPartners)
    .set({ role, orderLimitKopecks })
    .where(and(eq(userPartners.userId, userId), sql`${userPartners.partnerId} = (select id from partners where uid = ${partnerUid})`))
    .returning({ partnerId: userPartners.partnerId });
  return rows.length > 0;
}

export async function revokeSessions(db: DbOrTx, userId: number) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), sql`${sessions.revokedAt} is null`));
}

export async function checkWithOrder(db: DbOrTx, guid: string) {
  const [row] = await db
    .select({
      id: orderChecks.id,
      orderId: orderChecks.orderId,
      status: orderChecks.status,
      docStatus: orderChecks.docStatus,
      partnerId: orders.partnerId,
    })
    .from(orderChecks)
    .innerJoin(orders, eq(orders.id, orderChecks.orderId))
    .where(eq(orderChecks.guid, guid))
    .limit(1);
  return row;
}

export async function setCheckStatus(db: DbOrTx, checkId: number, orderId: number, status: number, at: Date) {
  await db.update(orderChecks).set({ status }).where(eq(orderChecks.id, checkId));
  await db.update(orders).set({ updatedAt: at }).where(eq(orders.id, orderId));
}

/**
 * The order's timeline entries this transaction wrote (its triggers date them now(), the transaction's start), dated
 * `at` instead: a change loaded as history happened then.
 */
export async function dateTimelineOfTransaction(db: DbOrTx, orderId: number, at: Date) {
  await db.execute(sql`UPDATE order_timeline SET at = ${at.toISOString()}::timestamptz WHERE order_id = ${orderId} AND at = now()`);
}

export async function setCheckDocStatus(db: DbOrTx, checkId: number, docStatus: Record<string, unknown>) {
  await db.update(orderChecks).set({ docStatus }).where(eq(orderChecks.id, checkId));
}

/** The document of a check with this kind and number, if one was sent before. */
export async function orderDocumentOf(db: DbOrTx, checkGuid: string, kind: string, number: string) {
  const [row] = await db
    .select({ id: orderDocuments.id, fileId: orderDocuments.fileId, storageKey: files.storageKey })
    .from(orderDocuments)
    .innerJoin(files, eq(files.id, orderDocuments.fileId))
    .where(and(eq(orderDocuments.checkGuid, checkGuid), eq(orderDocuments.kind, kind), eq(orderDocuments.number, number)))
    .limit(1);
  return row;
}

/** A document file of an order: its `files` row (the company's private file) and the document pointing to it. */
export async function insertOrderDocument(
  db: DbOrTx,
  file: Pick<typeof files.$inferInsert, 'partnerId' | 'name' | 'mime' | 'size' | 'storageKey'>,
  document: Omit<typeof orderDocuments.$inferInsert, 'id' | 'fileId' | 'receivedAt'>,
) {
  const [stored] = await db.insert(files).values({ ...file, purpose: 'order-document' }).returning({ id: files.id });
  await db.insert(orderDocuments).values({ ...document, fileId: stored!.id });
}

/** A document sent again: its file replaced (the old `files` row goes; its bytes are removed after the commit). */
export async function replaceOrderDocumentFile(
  db: DbOrTx,
  documentId: number,
  oldFileId: number,
  file: Pick<typeof files.$inferInsert, 'partnerId' | 'name' | 'mime' | 'size' | 'storageKey'>,
  issuedOn: string,
) {
  const [stored] = await db.insert(files).values({ ...file, purpose: 'order-document' }).returning({ id: files.id });
  await db.update(orderDocuments).set({ fileId: stored!.id, issuedOn, receivedAt: new Date() }).where(eq(orderDocuments.id, documentId));
  await db.delete(files).where(eq(files.id, oldFileId));
}

type Tracked = typeof shipments | typeof claims;

/** A shipment or a claim by our guid or the back office's id, with what its status update needs. */
export async function trackedBy(db: DbOrTx, table: Tracked, by: { guid: string } | { bitrixId: number }) {
  const [row] = await db
    .select({ id: table.id, guid: table.guid, bitrixId: table.bitrixId, status: table.status, partnerId: table.partnerId })
    .from(table)
    .where('guid' in by ? eq(table.guid, by.guid) : eq(table.bitrixId, by.bitrixId))
    .limit(1);
  return row;
}

export async function setTrackedStatus(db: DbOrTx, table: Tracked, id: number, changes: { status: string; bitrixId: number }, at: Date) {
  await db.update(table).set({ ...changes, updatedAt: at }).where(eq(table.id, id));
}

/** A status of the claim's history, dated now (the transaction's time) or `at` for a history loaded after the fact. */
export async function addClaimHistory(db: DbOrTx, claimId: number, status: string, comment: string, at?: Date) {
  await db.insert(claimStatusHistory).values({ claimId, status, comment, ...(at && { at }) });
}

export async function upsertNews(db: DbOrTx, values: typeof news.$inferInsert) {
  const { guid: _guid, ...changes } = values;
  await db.insert(news).values(values).onConflictDoUpdate({ target: news.guid, set: changes });
}

export async function upsertCase(db: DbOrTx, values: typeof showcaseCases.$inferInsert) {
  const { guid: _guid, ...changes } = values;
  await db.insert(showcaseCases).values(values).onConflictDoUpdate({ target: showcaseCases.guid, set: changes });
}

/** The companies the user acts for: a link the company's administrator blocked no longer counts. */
export async function partnerIdsOfUser(db: DbOrTx, userId: number) {
  const rows = await db
    .select({ id: userPartners.partnerId })
    .from(userPartners)
    .where(and(eq(userPartners.userId, userId), eq(userPartners.blocked, false)));
  return rows.map((row) => row.id);
}

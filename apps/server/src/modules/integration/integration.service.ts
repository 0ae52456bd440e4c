/**
 * The ERP's batches: every kind the integration API (and the operators' command line) accepts, each item checked and
 * applied on its own, in its own transaction, so one bad item is reported and the rest are applied. Status updates
 * raise the realtime event for the users of the company concerned, after their item has been committed.
 */
import {
  CHECK_STATUS_NAMES,
  NOTIFICATION_ROUTES,
  ZIntegrationBitrixStatusSchema,
  ZIntegrationCaseSchema,
  ZIntegrationCatalogGroupSchema,
  ZIntegrationCheckStatusSchema,
  ZIntegrationManagerSchema,
  ZIntegrationMessageSchema,
  ZIntegrationNewsSchema,
  ZIntegrationOfferSchema,
  ZIntegrationOrderDocumentsSchema,
  ZIntegrationOrderFileSchema,
  ORDER_DOCUMENT_FILE_MAX_BYTES,
  PRODUCT_FILE_MAX_BYTES,
  ZIntegrationProductFilesSchema,
  type TIntegrationProductFiles,
  ZIntegrationPartnerSchema,
  ZIntegrationPriceTypeSchema,
  ZIntegrationProductSchema,
  ZIntegrationStockSchema,
  ZIntegrationUserSchema,
  type TIntegrationItemReport,
  type TIntegrationReport,
} from '@portal/contracts';
import {
  ORDER_DOCUMENT_FLAGS,
  ORGANISATION,
  ORGANISATION_NAMES,
  articleKey,
  orderDocumentFileName, claimStatusName,
  contractDataProblems,
  nameKey,
  shipmentStatusName,
  toKopecks,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { claims, shipments } from '../../db/schema';
import { DiskFaultError, databaseDiskFault } from '../../lib/disk-faults';
import type { HistoryOptions } from '../../lib/history';
import { AppError } from '../../lib/errors';
import { newStorageKey } from '../../lib/storage';
import { hashPassword } from '../auth';
import { notifyPartner, notifyUsers } from '../notifications';
import { attachProductFiles, productFileProblem, storeProductFile, storedProductFile, type ProductFileKind, type ProductFiles } from '../products';
import * as repo from './integration.repository';
import { enqueueMailEvent } from '../mail';

/** What the integration needs of the app: the database, the realtime hub (events) and a log. */
/** The server's pieces an import uses; the catalogue index is absent in the command line (its server sees the markers). */
/** The file storage is there too, for the document files (order-files). */
export type IntegrationApp = Pick<FastifyInstance, 'db' | 'realtime' | 'log'> & Partial<Pick<FastifyInstance, 'catalogIndex' | 'storage'>>;

/** One call takes at most this many items: larger loads go in several calls. */
export const MAX_BATCH_ITEMS = 5000;

/** A reason to refuse one item, said to the ERP's operator. */
export class ItemRefused extends Error {}
const refuse = (reason: string) => new ItemRefused(reason);

/**
 * How a batch is applied (lib/history.ts): the API and the command line apply it as news; the statuses of a history
 * (the demo seed's past) come `asOf` the moment they changed, their timeline entries and last change dated then.
 */
export type BatchOptions = HistoryOptions;

interface Applied {
  /** False when the item was already as sent. */
  changed?: boolean;
  /** Runs after the item's transaction has committed: events go out only for what is stored. */
  after?: () => Promise<void>;
}

interface Kind<S extends z.ZodType> {
  summary: string;
  schema: S;
  /** The field that identifies an item: reported back with it. */
  key: string;
  /** Slow work before the transaction (password hashing, storing a file's bytes). */
  prepare?: (item: z.output<S>, app: IntegrationApp) => Promise<unknown>;
  apply: (tx: DbOrTx, item: z.output<S>, app: IntegrationApp, prepared: unknown, options?: BatchOptions) => Promise<Applied | void>;
  /** Undoes `prepare` when the item's transaction did not commit (a stored file nothing refers to is removed). */
  discard?: (prepared: unknown, app: IntegrationApp) => Promise<void>;
}

const kind = <S extends z.ZodType>(definition: Kind<S>) => definition;

const KNOWN_ORGANISATIONS: readonly string[] = Object.values(ORGANISATION);
const organisationsHint = Object.entries(ORGANISATION_NAMES)
  .map(([guid, name]) => `${guid} (${name})`)
  .join(', ');

/** The offers row of an offer of a known product; refuses an organisation the portal does not have. */
export function offerValues(offer: z.output<typeof ZIntegrationOfferSchema> | Omit<z.output<typeof ZIntegrationOfferSchema>, 'product_uid'>, productId: number) {
  if (!KNOWN_ORGANISATIONS.includes(offer.org_guid)) {
    throw refuse(`Предложение ${offer.guid}: неизвестная организация org_guid ${offer.org_guid}; допустимы ${organisationsHint}.`);
  }
  return {
    guid: offer.guid,
    productId,
    characteristic: offer.characteristic,
    residue: offer.residue,
    price: offer.price,
    ppdata: offer.ppdata,
    orgGuid: offer.org_guid,
  };
}

const DOCUMENT_NAMES: Record<string, string> = { StatusSF: 'счёт-фактура', StatusUPD: 'УПД', StatusUPK: 'УПК' };

/** The products row of a product item: its search keys (article, name) derived here, once. */
export function productValues(item: z.output<typeof ZIntegrationProductSchema>) {
  return {
    uid: item.uid,
    name: item.name,
    type: item.type,
    article: item.article,
    articleKey: articleKey(item.article),
    nameKey: nameKey(item.name),
    price: item.price,
    priceOpt: item.price_opt,
    weight: item.weight,
    volume: item.volume,
    detailText: item.detail_text,
    status: item.status,
    video: item.video,
    characteristics: item.characteristics,
    maxDiscount: item.max_discount,
    groupCode: item.group_code,
    seasonSale: item.season_sale,
    protect: item.protect,
  };
}

/** An article is unique: the refusal of a product whose article another product (`holderUid`) already has. */
export const articleTaken = (article: string, holderUid: string) => refuse(`Артикул ${article} уже у товара ${holderUid}: артикул должен быть уникальным.`);

export const INTEGRATION_KINDS = {
  products: kind({
    summary: 'Products with their offers (sizes, stock, prices)',
    schema: ZIntegrationProductSchema,
    key: 'uid',
    async apply(tx, item) {
      const clash = await repo.productByArticle(tx, item.article);
      if (clash && clash.uid !== item.uid) throw articleTaken(item.article, clash.uid);
      const guids = item.offers?.map((offer) => offer.guid) ?? [];
      if (new Set(guids).size !== guids.length) throw refuse('offers: guid предложений повторяются.');
      const productId = await repo.upsertProduct(tx, productValues(item));
      for (const offer of item.offers ?? []) await repo.upsertOffer(tx, offerValues(offer, productId));
    },
  }),

  offers: kind({
    summary: 'Offers of known products (a size or height shipped by one organisation, with stock and price)',
    schema: ZIntegrationOfferSchema,
    key: 'guid',
    async apply(tx, item) {
      const productId = await repo.productIdByUid(tx, item.product_uid);
      if (productId === undefined) throw refuse(`Товар ${item.product_uid} не найден: сначала передайте его в /api/integration/products.`);
      await repo.upsertOffer(tx, offerValues(item, productId));
    },
  }),

  stock: kind({
    summary: 'Stock of known offers',
    schema: ZIntegrationStockSchema,
    key: 'guid',
    async apply(tx, item) {
      if (!(await repo.setResidue(tx, item.guid, item.residue))) {
        throw refuse(`Предложение ${item.guid} не найдено: сначала передайте его в /api/integration/offers.`);
      }
    },
  }),

  'catalog-groups': kind({
    summary: 'Catalogue groups (a tree by parent_code)',
    schema: ZIntegrationCatalogGroupSchema,
    key: 'code',
    async apply(tx, item) {
      if (item.parent_code === item.code) throw refuse('parent_code: группа не может быть родителем самой себя.');
      await repo.upsertCatalogGroup(tx, { code: item.code, name: item.name, parentCode: item.parent_code, sort: item.sort, zone: item.zone });
    },
  }),

  'price-types': kind({
    summary: 'Price types (Default has the empty id)',
    schema: ZIntegrationPriceTypeSchema,
    key: 'id',
    async apply(tx, item) {
      await repo.upsertPriceType(tx, { id: item.id, name: item.name });
    },
  }),

  managers: kind({
    summary: 'Managers of the companies',
    schema: ZIntegrationManagerSchema,
    key: 'uid',
    async apply(tx, item) {
      await repo.upsertManager(tx, item);
    },
  }),

  partners: kind({
    summary: 'Companies with their contracts (storages) and the contracts’ documents',
    schema: ZIntegrationPartnerSchema,
    key: 'uid',
    async apply(tx, item) {
      // A contract's documents are the breakdown of its debt: data that contradicts itself is refused whole, with why.
      const incoherent = (item.storages ?? []).flatMap((storage) => {
        const problems = contractDataProblems(storage);
        return problems.length > 0 ? [`Договор ${storage.guid} («${storage.name}»): ${problems.join(' ')}`] : [];
      });
      if (incoherent.length > 0) throw refuse(incoherent.join(' '));
      let managerId: number | null = null;
      if (item.manager_uid) {
        managerId = (await repo.managerIdByUid(tx, item.manager_uid)) ?? null;
        if (managerId === null) throw refuse(`Менеджер ${item.manager_uid} не найден: сначала передайте его в /api/integration/managers.`);
      }
      const { uid, name, inn, payment, bik, correspondent, address, city, email, phone } = item;
      const partnerId = await repo.upsertPartner(tx, { uid, name, inn, payment, bik, correspondent, address, city, email, phone, managerId });
      if (!item.storages) return;

      const guids = item.storages.map((storage) => storage.guid);
      if (new Set(guids).size !== guids.length) throw refuse('storages: у компании не может быть двух договоров с одной организацией (guid повторяется).');
      const known = await repo.existingPriceTypes(tx, [...new Set(item.storages.map((storage) => storage.pricetype))]);
      for (const storage of item.storages) {
        if (!known.has(storage.pricetype)) {
          throw refuse(`Договор ${storage.guid}: тип цен «${storage.pricetype}» не найден; сначала передайте его в /api/integration/price-types.`);
        }
        const numbers = storage.documents.map((document) => document.number);
        if (new Set(numbers).size !== numbers.length) throw refuse(`Договор ${storage.guid}: номера документов повторяются.`);
        const { documents, pricetype, base_discount, ...fields } = storage;
        const storageId = await repo.upsertStorage(tx, { ...fields, partnerId, priceType: pricetype, baseDiscount: base_discount });
        await repo.replaceStorageDocuments(tx, storageId, documents);
      }
      await repo.removeOtherStorages(tx, partnerId, guids);
    },
  }),

  users: kind({
    summary: 'Portal users: create, set or reset the password, block or unblock, link to companies',
    schema: ZIntegrationUserSchema,
    key: 'login',
    prepare: async (item) => (item.password ? hashPassword(item.password) : undefined),
    async apply(tx, item, app, prepared) {
      const passwordHash = prepared as string | undefined;
      const existing = await repo.userByLogin(tx, item.login);
      if (!existing && !passwordHash) throw refuse(`Пользователь ${item.login} новый: укажите password (не короче 8 символов).`);

      let partnerIds: number[] | undefined;
      if (item.partners) {
        const found = await repo.partnerIdsByUids(tx, item.partners);
        const missing = item.partners.filter((uid) => !found.has(uid));
        if (missing.length) throw refuse(`Компании не найдены: ${missing.join(', ')}. Сначала передайте их в /api/integration/partners.`);
        partnerIds = [...new Set(found.values())];
      }
      const profile = {
        ...(item.name !== undefined && { name: item.name }),
        ...(item.lastname !== undefined && { lastname: item.lastname }),
        ...(item.patronymic !== undefined && { patronymic: item.patronymic }),
        ...(item.email !== undefined && { email: item.email }),
        ...(item.phone !== undefined && { phone: item.phone }),
        ...(item.blocked !== undefined && { blocked: item.blocked }),
        ...(item.staff !== undefined && { staff: item.staff }),
      };
      let userId: number;
      let endSessions = false;
      if (existing) {
        userId = existing.id;
        await repo.updateUser(tx, userId, { ...profile, ...(passwordHash && { passwordHash }) });
        // A new password or a block ends every session at once, sockets included.
        endSessions = Boolean(passwordHash) || (item.blocked === true && !existing.blocked);
        if (endSessions) await repo.revokeSessions(tx, userId);
      } else {
        userId = await repo.insertUser(tx, { login: item.login, passwordHash: passwordHash!, ...profile });
      }
      if (partnerIds) await repo.replaceUserPartners(tx, userId, partnerIds);
      for (const place of item.roles ?? []) {
        const limit = place.order_limit === null ? null : toKopecks(place.order_limit);
        if (!(await repo.setUserRole(tx, userId, place.partner, place.role, limit))) {
          throw refuse(`Роль в компании ${place.partner}: пользователь ${item.login} к ней не привязан — добавьте её в partners.`);
        }
      }
      return {
        after: endSessions
          ? () => app.realtime.disconnectUsers([userId], item.blocked ? 'blocked' : 'password changed')
          : undefined,
      };
    },
  }),

  checks: kind({
    summary: "Statuses of orders' checks (bills); raises the realtime event for the company's users",
    schema: ZIntegrationCheckStatusSchema,
    key: 'guid',
    async apply(tx, item, app, _prepared, { asOf } = {}) {
      const check = await findCheck(tx, item.order, item.guid);
      if (check.status === item.status) return { changed: false };
      await repo.setCheckStatus(tx, check.id, check.orderId, item.status, asOf ?? new Date());
      if (asOf) {
        await repo.dateTimelineOfTransaction(tx, check.orderId, asOf);
        return {};
      }
      await enqueueMailEvent(tx, 'check.status', item.order, { status: item.status, check: item.guid });
      return {
        after: async () => {
          await notifyPartner(app, check.partnerId, {
            type: 'popup',
            event: 'check_status',
            message: `Заказ № ${item.order}: статус изменился на «${CHECK_STATUS_NAMES[item.status] ?? `статус ${item.status}`}».`,
            link: NOTIFICATION_ROUTES.order(item.order),
            data: { order: item.order, check: item.guid, status: item.status },
            refresh: { namespace: 'orders', ids: [item.order] },
            setting: 'states',
          });
        },
      };
    },
  }),

  documents: kind({
    summary: "Readiness of orders' documents (bill, invoice, УПД, УКД); raises the realtime events",
    schema: ZIntegrationOrderDocumentsSchema,
    key: 'guid',
    apply: applyDocumentStatus,
  }),

  'order-files': kind({
    summary: "Document files of orders' checks (счёт, счёт-фактура, УПД, УПК) as base64 PDF; the document's flag turns on",
    schema: ZIntegrationOrderFileSchema,
    key: 'guid',
    async prepare(item, app) {
      if (!app.storage) throw refuse('Файлы документов здесь некуда сохранить: передайте их через API интеграции.');
      const bytes = Buffer.from(item.content, 'base64');
      if (bytes.length > ORDER_DOCUMENT_FILE_MAX_BYTES) throw refuse('content: файл больше 10 МБ.');
      if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw refuse('content: это не PDF (файл должен начинаться с %PDF-), передайте документ в PDF, закодированный в base64.');
      const key = newStorageKey('order-documents', 'pdf');
      await app.storage.put(key, bytes);
      return { key, size: bytes.length };
    },
    discard: async (prepared, app) => {
      const stored = prepared as { key: string } | undefined;
      if (stored) await app.storage?.delete(stored.key);
    },
    async apply(tx, item, app, prepared, options = {}) {
      const stored = prepared as { key: string; size: number };
      const check = await findCheck(tx, item.order, item.guid);
      const issuedOn = item.date ?? '';
      const file = {
        partnerId: check.partnerId,
        name: orderDocumentFileName(item.kind, item.order, item.number, issuedOn),
        mime: 'application/pdf',
        size: stored.size,
        storageKey: stored.key,
      };
      const previous = await repo.orderDocumentOf(tx, item.guid, item.kind, item.number);
      if (previous) await repo.replaceOrderDocumentFile(tx, previous.id, previous.fileId, file, issuedOn);
      else await repo.insertOrderDocument(tx, file, { orderId: item.order, checkGuid: item.guid, kind: item.kind, number: item.number, issuedOn });
      // The document's flag turns on as if the ERP had sent it: the same mail, notifications and timeline entry.
      const before = (check.docStatus ?? {}) as Record<string, unknown>;
      const flags = {
        StatusSchet: before.StatusSchet === true,
        StatusSF: before.StatusSF === true,
        StatusUPD: before.StatusUPD === true,
        StatusUPK: before.StatusUPK === true,
        [ORDER_DOCUMENT_FLAGS[item.kind]]: true,
      };
      const flagged = await applyDocumentStatus(tx, { order: item.order, guid: item.guid, doc_status: flags }, app, undefined, options);
      const removeReplaced = previous ? () => app.storage!.delete(previous.storageKey) : undefined;
      return {
        after: async () => {
          await removeReplaced?.();
          if (options.asOf) return;
          if (flagged.after) await flagged.after();
          else await app.realtime.publishToPartner(check.partnerId, { namespace: 'orders', action: 'refresh', payload: { ids: [item.order] } });
        },
      };
    },
  }),

  'product-files': kind({
    summary: "Products' pictures (JPEG, PNG, WebP, GIF) and certificates (PDF) as base64, or a file sent before by its sha256",
    schema: ZIntegrationProductFilesSchema,
    key: 'product_uid',
    prepare: (item, app) => storeProductFilesOf(app, item, new Map()),
    // No discard: a file is kept by its content, and another product may already show the same one.
    async apply(tx, item, _app, prepared) {
      const [productId] = (await repo.productIdsByUids(tx, [item.product_uid])).values();
      if (productId === undefined) throw refuse(`Товар ${item.product_uid} не найден: сначала передайте его в /products.`);
      const changed = await attachProductFiles(tx, [{ productId, ...(prepared as Omit<ProductFiles, 'productId'>) }]);
      return { changed: changed.pictures + changed.certificates > 0 };
    },
  }),

  shipments: kind({
    summary: 'Shipment requests: register (guid → bitrix_id) and status; raises the realtime event',
    schema: ZIntegrationBitrixStatusSchema,
    key: 'bitrix_id',
    apply: (tx, item, app, _prepared, options = {}) =>
      applyTrackedStatus(tx, item, app, options, {
        table: shipments,
        what: 'Заявка на отгрузку',
        event: 'shipment_status',
        link: NOTIFICATION_ROUTES.shipments,
        statusName: shipmentStatusName,
      }),
  }),

  claims: kind({
    summary: 'Claims: register (guid → bitrix_id) and status, kept in the claim’s history; raises the realtime event',
    schema: ZIntegrationBitrixStatusSchema,
    key: 'bitrix_id',
    apply: (tx, item, app, _prepared, options = {}) =>
      applyTrackedStatus(tx, item, app, options, {
        table: claims,
        what: 'Рекламация',
        event: 'claim_status',
        link: NOTIFICATION_ROUTES.claims,
        statusName: claimStatusName,
      }),
  }),

  messages: kind({
    summary: 'A message from the manager to the users of a company (or one of them, by login)',
    schema: ZIntegrationMessageSchema,
    key: 'partner',
    async apply(tx, item, app) {
      const partner = await repo.partnerByUid(tx, item.partner);
      if (!partner) throw refuse(`Компания ${item.partner} не найдена.`);
      let userIds: number[] | undefined;
      if (item.login !== undefined) {
        const user = await repo.userByLogin(tx, item.login);
        const linked = user ? (await repo.partnerIdsOfUser(tx, user.id)).includes(partner.id) : false;
        if (!user || !linked) throw refuse(`Пользователь ${item.login} не найден среди пользователей компании ${item.partner}.`);
        userIds = [user.id];
      }
      const note = { type: item.type, event: 'manager_message' as const, message: item.message, link: null };
      return { after: async () => void (userIds ? await notifyUsers(app, userIds, note) : await notifyPartner(app, partner.id, note)) };
    },
  }),

  news: kind({
    summary: 'News of the main page',
    schema: ZIntegrationNewsSchema,
    key: 'guid',
    async apply(tx, item) {
      await repo.upsertNews(tx, {
        guid: item.guid,
        title: item.title,
        text: item.text,
        image: item.image,
        link: item.link,
        published: item.published,
        ...(item.published_at && { publishedAt: new Date(item.published_at) }),
        updatedAt: new Date(),
      });
    },
  }),

  cases: kind({
    summary: 'Showcase cases of the main page',
    schema: ZIntegrationCaseSchema,
    key: 'guid',
    async apply(tx, item) {
      await repo.upsertCase(tx, { ...item, updatedAt: new Date() });
    },
  }),
};

export type IntegrationKindName = keyof typeof INTEGRATION_KINDS;
export const INTEGRATION_KIND_NAMES = Object.keys(INTEGRATION_KINDS) as IntegrationKindName[];

/** Document flags of a check: the mail of a ready bill and the dealer's notifications for what became ready. */
async function applyDocumentStatus(
  tx: DbOrTx,
  item: z.output<typeof ZIntegrationOrderDocumentsSchema>,
  app: IntegrationApp,
  _prepared?: unknown,
  { asOf }: BatchOptions = {},
): Promise<Applied> {
  const check = await findCheck(tx, item.order, item.guid);
  const before = (check.docStatus ?? {}) as Record<string, unknown>;
  const flags = item.doc_status;
  const changed = (Object.keys(flags) as Array<keyof typeof flags>).filter((name) => Boolean(before[name]) !== flags[name]);
  if (changed.length === 0) return { changed: false };
  await repo.setCheckDocStatus(tx, check.id, { ...before, id: before.id ?? check.id, ...flags });
  if (asOf) {
    await repo.dateTimelineOfTransaction(tx, check.orderId, asOf);
    return {};
  }
  const billReady = changed.includes('StatusSchet') && flags.StatusSchet;
  if (billReady) await enqueueMailEvent(tx, 'bill.ready', item.order, { check: item.guid });
  const documentsReady = changed.filter((name) => name !== 'StatusSchet' && flags[name]).map((name) => DOCUMENT_NAMES[name]);
  return {
    after: async () => {
      const refresh = { namespace: 'orders' as const, ids: [item.order] };
      const data = { order: item.order, check: item.guid };
      if (billReady) {
        await notifyPartner(app, check.partnerId, {
          type: 'popup',
          event: 'bill_ready',
          message: `Заказ № ${item.order}: счёт готов, его можно скачать в истории заказов.`,
          link: NOTIFICATION_ROUTES.order(item.order),
          data,
          refresh,
          setting: 'states',
        });
      }
      if (documentsReady.length) {
        await notifyPartner(app, check.partnerId, {
          type: 'notification',
          event: 'documents_ready',
          message: `Заказ № ${item.order}: готовы документы — ${documentsReady.join(', ')}.`,
          link: NOTIFICATION_ROUTES.order(item.order),
          data,
          refresh,
          setting: 'states',
        });
      }
      if (!billReady && !documentsReady.length) await app.realtime.publishToPartner(check.partnerId, { namespace: 'orders', action: 'refresh', payload: { ids: [item.order] } });
    },
  };
}

async function findCheck(tx: DbOrTx, order: number, guid: string) {
  const check = await repo.checkWithOrder(tx, guid);
  if (!check) throw refuse(`Счёт ${guid} не найден.`);
  if (check.orderId !== order) throw refuse(`Счёт ${guid} относится к заказу №${check.orderId}, а не №${order}.`);
  return check;
}

async function applyTrackedStatus(
  tx: DbOrTx,
  item: z.output<typeof ZIntegrationBitrixStatusSchema>,
  app: IntegrationApp,
  { asOf }: BatchOptions,
  how: {
    table: typeof shipments | typeof claims;
    what: string;
    event: 'shipment_status' | 'claim_status';
    link: string;
    statusName: (status: string) => string;
  },
): Promise<Applied> {
  const byBitrix = await repo.trackedBy(tx, how.table, { bitrixId: item.bitrix_id });
  let row = byBitrix;
  if (item.guid !== undefined) {
    row = await repo.trackedBy(tx, how.table, { guid: item.guid });
    if (!row) throw refuse(`${how.what} ${item.guid} не найдена.`);
    if (row.bitrixId !== null && row.bitrixId !== item.bitrix_id) {
      throw refuse(`${how.what} ${item.guid} уже связана с bitrix_id ${row.bitrixId}, а не ${item.bitrix_id}.`);
    }
    if (byBitrix && byBitrix.id !== row.id) throw refuse(`bitrix_id ${item.bitrix_id} уже у другой заявки (${byBitrix.guid}).`);
  }
  if (!row) throw refuse(`${how.what} с bitrix_id ${item.bitrix_id} не найдена: передайте также её guid, чтобы связать.`);
  const statusChanged = row.status !== item.status;
  if (!statusChanged && row.bitrixId === item.bitrix_id) return { changed: false };
  await repo.setTrackedStatus(tx, how.table, row.id, { status: item.status, bitrixId: item.bitrix_id }, asOf ?? new Date());
  if (how.table === claims && statusChanged) await repo.addClaimHistory(tx, row.id, item.status, item.comment, asOf);
  if (!statusChanged || asOf) return {};
  await enqueueMailEvent(tx, how.table === claims ? 'claim.status' : 'shipment.status', row.id, { status: item.status, comment: item.comment ?? '' });
  const partnerId = row.partnerId;
  return {
    after: async () => {
      await notifyPartner(app, partnerId, {
        type: 'notification',
        event: how.event,
        message: `${how.what} №${item.bitrix_id}: ${how.statusName(item.status)}.${item.comment ? ` ${item.comment}` : ''}`,
        link: how.link,
        data: { bitrix_id: item.bitrix_id, status: item.status },
        refresh: { namespace: how.table === claims ? 'claims' : 'shipments', ids: [row.id] },
      });
    },
  };
}

/** Applies a batch item by item and reports each; the caller has checked it is an array. */
export async function importBatch(app: IntegrationApp, name: IntegrationKindName, items: unknown[], options: BatchOptions = {}): Promise<TIntegrationReport> {
  if (items.length > MAX_BATCH_ITEMS) {
    throw new AppError('PAYLOAD_TOO_LARGE', `В одном запросе не больше ${MAX_BATCH_ITEMS} элементов: разделите пакет (сейчас ${items.length}).`);
  }
  const definition = INTEGRATION_KINDS[name] as Kind<z.ZodType>;
  const reports: TIntegrationItemReport[] = [];
  for (const [index, raw] of items.entries()) {
    const key = keyOf(raw, definition.key);
    const parsed = definition.schema.safeParse(raw);
    if (!parsed.success) {
      reports.push({ index, key, status: 'refused', reason: describeIssues(parsed.error) });
      continue;
    }
    try {
      const prepared = await definition.prepare?.(parsed.data, app);
      const outcome =
        (await app.db
          .transaction((tx) => definition.apply(tx, parsed.data, app, prepared, options))
          .catch(async (error: unknown) => {
            await definition.discard?.(prepared, app).catch(() => undefined);
            throw error;
          })) ?? {};
      reports.push({ index, key, status: 'applied', ...(outcome.changed === false && { changed: false }) });
      await outcome.after?.().catch((error: unknown) => app.log.error({ err: error, kind: name, key }, 'integration event failed'));
    } catch (error) {
      reports.push({ index, key, status: 'refused', reason: refusalOf(error, app, name, key) });
    }
  }
  const applied = reports.filter((report) => report.status === 'applied').length;
  // The catalogue's index rebuilds what the batch changed now, not at its next look at the change markers.
  if (applied > 0 && name === 'products') app.catalogIndex?.noteWrite('products');
  if (applied > 0 && name === 'offers') app.catalogIndex?.noteWrite('stock');
  if (applied > 0 && name === 'stock') app.catalogIndex?.noteWrite('flips');
  return { applied, refused: reports.length - applied, items: reports };
}

/** Rows per statement of a catalogue load: a few megabytes of JSON each. */
const PRODUCT_ROWS_PER_STATEMENT = 2000;
const OFFER_ROWS_PER_STATEMENT = 10_000;

/**
 * A whole catalogue at once (the demo seed's, up to a million products): each item checked by the products kind's
 * schema and rules and written as the products kind writes it, but set-based (thousands of rows per statement), all
 * in one transaction — one bad item refuses the load with its reason. Per item, importBatch takes a few milliseconds.
 * A catalogue moved from elsewhere keeps the day each product came (`createdAt`), so novelty sorts stay as they were.
 */
export async function importCatalogue(app: IntegrationApp, items: ReadonlyArray<{ product: unknown; createdAt?: Date }>): Promise<void> {
  const products = items.map(({ product: raw, createdAt }, index) => {
    const parsed = ZIntegrationProductSchema.safeParse(raw);
    if (!parsed.success) throw refuse(`Товар №${index + 1} (${keyOf(raw, 'uid') ?? 'без uid'}): ${describeIssues(parsed.error)}`);
    return { ...parsed.data, createdAt };
  });
  const repeated = (values: string[]) => values.find((value, index) => values.indexOf(value) !== index);
  const byUid = new Set<string>();
  const byArticle = new Map<string, string>();
  for (const product of products) {
    if (byUid.has(product.uid)) throw refuse(`Товар ${product.uid} передан дважды.`);
    byUid.add(product.uid);
    const holder = byArticle.get(product.article);
    if (holder !== undefined) throw articleTaken(product.article, holder);
    byArticle.set(product.article, product.uid);
    const guid = repeated(product.offers?.map((offer) => offer.guid) ?? []);
    if (guid !== undefined) throw refuse(`Товар ${product.uid}: offers: guid предложений повторяются (${guid}).`);
  }
  await app.db.transaction(async (tx) => {
    for (let from = 0; from < products.length; from += PRODUCT_ROWS_PER_STATEMENT) {
      const chunk = products.slice(from, from + PRODUCT_ROWS_PER_STATEMENT);
      const holders = await repo.productUidsByArticles(tx, chunk.map((product) => product.article));
      for (const product of chunk) {
        const holder = holders.get(product.article);
        if (holder !== undefined && holder !== product.uid) throw articleTaken(product.article, holder);
      }
      await repo.loadProducts(tx, chunk.map((product) => ({ ...productValues(product), ...(product.createdAt && { createdAt: product.createdAt }) })));
    }
    const offers: Array<ReturnType<typeof offerValues>> = [];
    for (let from = 0; from < products.length; from += PRODUCT_ROWS_PER_STATEMENT) {
      const chunk = products.slice(from, from + PRODUCT_ROWS_PER_STATEMENT);
      const ids = await repo.productIdsByUids(tx, chunk.map((product) => product.uid));
      for (const product of chunk) for (const offer of product.offers ?? []) offers.push(offerValues(offer, ids.get(product.uid)!));
    }
    for (let from = 0; from < offers.length; from += OFFER_ROWS_PER_STATEMENT) {
      await repo.loadOffers(tx, offers.slice(from, from + OFFER_ROWS_PER_STATEMENT));
    }
  });
  app.catalogIndex?.noteWrite('products');
  app.catalogIndex?.noteWrite('stock');
}

/**
 * The files of one /product-files item stored (content) or found (sha256), as storage keys; `known` carries the files
 * of a batch from item to item (sha256 → key), so a file shared by many products is looked up once.
 */
async function storeProductFilesOf(
  app: IntegrationApp,
  item: TIntegrationProductFiles,
  known: Map<string, string>,
): Promise<Omit<ProductFiles, 'productId'>> {
  const storage = app.storage;
  if (!storage) throw refuse('Файлы товаров здесь некуда сохранить: передайте их через API интеграции.');
  const keyOf = async (kind: ProductFileKind, file: { content?: string; sha256?: string }, where: string): Promise<string> => {
    if (file.content !== undefined) {
      const bytes = Buffer.from(file.content, 'base64');
      if (bytes.length > PRODUCT_FILE_MAX_BYTES) throw refuse(`${where}.content: файл больше 10 МБ.`);
      const problem = productFileProblem(kind, bytes);
      if (problem) throw refuse(`${where}.content: ${problem}`);
      const stored = await storeProductFile(storage, bytes);
      known.set(`${kind}:${stored.sha256}`, stored.key);
      return stored.key;
    }
    const sha256 = file.sha256!;
    const key = known.get(`${kind}:${sha256}`) ?? (await storedProductFile(storage, kind, sha256));
    if (key === null) {
      throw refuse(`${where}.sha256: ${kind === 'picture' ? 'картинки' : 'сертификата'} ${sha256} на портале нет — передайте файл один раз в content.`);
    }
    known.set(`${kind}:${sha256}`, key);
    return key;
  };
  const pictures = item.pictures && (await Promise.all(item.pictures.map((file, index) => keyOf('picture', file, `pictures[${index}]`))));
  const certificates =
    item.certificates &&
    (await Promise.all(
      item.certificates.map(async (certificate, index) => ({
        name: certificate.name ?? `Сертификат соответствия ${certificate.number}`,
        number: certificate.number,
        validUntil: certificate.valid_until,
        storageKey: await keyOf('certificate', certificate, `certificates[${index}]`),
      })),
    ));
  return { ...(pictures && { pictures }), ...(certificates && { certificates }) };
}

/**
 * Products' pictures and certificates loaded as one whole, set-based: the /product-files items of a catalogue too
 * large to send item by item (the demo seed's million products). Every item is checked first and the first bad one
 * refuses the load; a file is stored once however many products show it. Answers how many products got other
 * pictures, and other certificates.
 */
export async function importProductFiles(app: IntegrationApp, items: readonly unknown[]): Promise<{ pictures: number; certificates: number }> {
  const parsed = items.map((raw, index) => {
    const item = ZIntegrationProductFilesSchema.safeParse(raw);
    if (!item.success) throw refuse(`Файлы товара №${index + 1} (${keyOf(raw, 'product_uid') ?? 'без product_uid'}): ${describeIssues(item.error)}`);
    return item.data;
  });
  const known = new Map<string, string>();
  const files: ProductFiles[] = [];
  for (let from = 0; from < parsed.length; from += PRODUCT_ROWS_PER_STATEMENT) {
    const chunk = parsed.slice(from, from + PRODUCT_ROWS_PER_STATEMENT);
    const ids = await repo.productIdsByUids(app.db, chunk.map((item) => item.product_uid));
    for (const item of chunk) {
      const productId = ids.get(item.product_uid);
      if (productId === undefined) throw refuse(`Товар ${item.product_uid} не найден: сначала передайте его в /products.`);
      try {
        files.push({ productId, ...(await storeProductFilesOf(app, item, known)) });
      } catch (error) {
        if (error instanceof ItemRefused) throw refuse(`Файлы товара ${item.product_uid}: ${error.message}`);
        throw error;
      }
    }
  }
  return app.db.transaction((tx) => attachProductFiles(tx, files));
}

/** An item's key as the report names it: cut to one line's limit, so a report never echoes a huge field back. */
function keyOf(raw: unknown, field: string): string | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const value = (raw as Record<string, unknown>)[field];
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const key = String(value);
  return key.length > REPORTED_KEY_LENGTH ? `${key.slice(0, REPORTED_KEY_LENGTH)}…` : key;
}
const REPORTED_KEY_LENGTH = 200;

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const path = issue.path.join('.');
      // Our messages already name the field; zod's own ones (unknown types, a shared enum's values) get the path in front.
      const field = issue.path.findLast((part) => typeof part === 'string');
      return path && !(typeof field === 'string' && issue.message.includes(field)) ? `${path}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

function refusalOf(error: unknown, app: IntegrationApp, name: string, key: string | null): string {
  if (error instanceof ItemRefused) return error.message;
  const code = (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
  if (code === '23505') return 'Конфликт уникальных значений с другой записью: проверьте идентификаторы элемента.';
  if (code === '23503') return 'Элемент ссылается на запись, которой нет: сначала передайте её.';
  if (code === '23514') return 'Значение вне допустимого диапазона.';
  const disk = databaseDiskFault(error);
  if (disk) {
    app.log.error({ err: error, kind: name, key, disk }, 'integration item refused: the disk is full or read-only');
    return new DiskFaultError(disk, undefined).message;
  }
  app.log.error({ err: error, kind: name, key }, 'integration item failed');
  return 'Внутренняя ошибка при сохранении элемента: повторите позже или обратитесь к разработчикам портала.';
}

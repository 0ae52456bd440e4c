/**
 * The order history of the user's companies: the list, one order with its positions, document statuses, bill
 * requests and what the invoice PDF needs — each after proving the order is one of the user's companies'.
 */
import {
  CHECK_STATUS,
  CHECK_STATUS_NAMES,
  deliveryOf,
  positionsOf,
  type Position,
  ORDER_HISTORY_PAGE_SIZE,
  type TCheckErpState,
  type TDocStatus,
  type TOrderCheck,
  type TOrderDetail,
  type TOrderHistoryPage,
  type TOrderHistoryQuery,
  type TOrderListItem,
  type TOrderPage,
  type TOrderPosition,
  type TOrderTimelineEntry,
} from '@portal/contracts';
import {
  type CompanyAction,
  ORDER_DOCUMENT_NAMES,
  articleKey,
  billRequestRefusal,
  looksLikeArticle,
  canRequestBill,
  invoiceRefusal,
  isCheckInvoiced,
  isReserved,
  orderTimelineText,
  organisationName,
  shortenCompanyName,
  type OrderDocumentKind,
} from '@portal/domain';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import type { SignedInUser } from '../../lib/fastify';
import { partnerIdsAllowing, requirePartnerAccess, requireUserPartner, userPartnerIds } from '../../lib/partner-scope';
import type { FileStorage } from '../../lib/storage';
import { storedOrder, type StoredOrder } from './order-pricing';
import * as repo from './orders.repository';
import { recordAction } from '../audit';

function toDocStatus(check: Pick<repo.CheckRow, 'guid' | 'docStatus'>): TDocStatus {
  const raw = (check.docStatus ?? {}) as Partial<TDocStatus>;
  return {
    id: raw.id ?? check.guid,
    StatusSchet: raw.StatusSchet === true,
    StatusSF: raw.StatusSF === true,
    StatusUPD: raw.StatusUPD === true,
    StatusUPK: raw.StatusUPK === true,
  };
}

function toCheck(check: repo.HistoryPageRow['checks'][number]): TOrderCheck {
  return {
    guid: check.guid,
    id: String(check.id),
    org: check.orgGuid,
    org_name: organisationName(check.orgGuid),
    status: check.status,
    status_name: CHECK_STATUS_NAMES[check.status] ?? `Статус ${check.status}`,
    total: check.total,
    doc_status: toDocStatus(check),
  };
}

const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

export async function listOrders(db: Db, userId: number): Promise<TOrderListItem[]> {
  const partnerIds = await userPartnerIds(db, userId, 'orders.view');
  return listItems(db, await repo.listOrders(db, partnerIds));
}

/** The most an order number can be (an int column): a longer run of digits finds nothing. */
const ORDER_NUMBER_MAX = 2_147_483_647;

/**
 * One page of the history of the user's companies (or of the one chosen), searched and filtered, newest first; the
 * next page continues below the last order shown, so a page costs the same at any depth and any number of orders.
 */
export async function orderHistory(db: Db, user: Pick<SignedInUser, 'id' | 'companies'>, query: TOrderHistoryQuery): Promise<TOrderHistoryPage> {
  const partnerIds = query.company
    ? [(await requireUserPartner(db, user.id, query.company, 'orders.view')).id]
    : partnerIdsAllowing(user.companies, 'orders.view');
  const text = query.q ?? '';
  // Digits alone are an order number; what reads as an article (the search box's own rule) is looked for among the
  // orders' articles; any other text in their names and comments, and as the start of an article.
  const digits = /^\d+$/.test(text);
  const number = digits && text.length <= 10 && Number(text) <= ORDER_NUMBER_MAX ? Number(text) : undefined;
  const article = !digits && looksLikeArticle(text);
  const key = digits ? '' : articleKey(text);
  const rows = await repo.historyPageRows(db, {
    partnerIds,
    before: query.before,
    month: query.month,
    status: query.status,
    search: text ? { number, articleKey: key.length >= 2 ? key : undefined, text: digits || article ? undefined : text } : undefined,
    limit: ORDER_HISTORY_PAGE_SIZE + 1,
  });
  const shown = rows.slice(0, ORDER_HISTORY_PAGE_SIZE);
  return {
    items: shown.map((row) => listItem(row, row.checks)),
    next: rows.length > ORDER_HISTORY_PAGE_SIZE ? shown[shown.length - 1]!.order.id : null,
  };
}

async function listItems(db: Db, rows: Awaited<ReturnType<typeof repo.listOrders>>): Promise<TOrderListItem[]> {
  const checks = await repo.checksOf(db, rows.map((row) => row.order.id));
  return rows.map((row) => listItem(row, checks.filter((check) => check.orderId === row.order.id)));
}

/** An order of the history's list, with its own checks. */
function listItem({ order, partnerUid, partnerName, preorderUnits }: Omit<repo.HistoryPageRow, 'checks'>, own: repo.HistoryPageRow['checks']): TOrderListItem {
  return {
    n: order.id,
    name: order.name || `Заказ № ${order.id}`,
    date: unixSeconds(order.createdAt),
    partner_guid: partnerUid,
    partner_name: shortenCompanyName(partnerName),
    reserved: isReserved(own),
    checks: own.map(toCheck),
    upd: own.some((check) => toDocStatus(check).StatusUPD),
    edit: order.edited,
    total: order.total,
    count: order.count,
    total_count: order.totalCount,
    preorder_count: Number(preorderUnits),
  };
}

/** The order, after proving it belongs to one of the user's companies (404 when missing, 403 when someone else's). */
async function requireOrder(db: DbOrTx, userId: number, orderId: number, need: CompanyAction) {
  const row = await repo.findOrder(db, orderId);
  if (!row) throw notFound(`Заказ № ${orderId} не найден.`);
  await requirePartnerAccess(db, userId, row.order.partnerId, need);
  return row;
}

/** The delivery as stored (older rows may miss fields). */
export function deliveryOfStored(stored: unknown): TOrderDetail['delivery'] {
  const delivery = (stored ?? {}) as Partial<TOrderDetail['delivery']>;
  return {
    address: delivery.address ?? '',
    case: delivery.case ?? 'pickup',
    date: delivery.date ?? '',
    cost: delivery.cost ?? 0,
    bill_to: delivery.bill_to ?? '',
  };
}

/** The detail's positions always carry status, weight, volume and the pre-order flag. */
const detailPosition = (position: Position): TOrderPosition => ({
  ...position,
  status: position.status ?? '',
  weight: position.weight ?? 0,
  volume: position.volume ?? 0,
  preorder: position.preorder ?? false,
});

export async function orderDetail(db: Db, userId: number, orderId: number): Promise<TOrderDetail> {
  const { order, partnerUid, partnerName } = await requireOrder(db, userId, orderId, 'orders.view');
  const rows = await repo.orderLinesOf(db, [orderId]);
  const checks = await repo.checksOf(db, [orderId]);
  const delivery = deliveryOfStored(order.delivery);
  const { lines } = storedOrder(rows, deliveryOf(delivery));
  const lists = positionsOf(lines, new Map(rows.map(({ product }) => [product.uid, String(product.id)])));
  return {
    n: order.id,
    name: order.name || `Заказ № ${order.id}`,
    date: unixSeconds(order.createdAt),
    edit: order.edited,
    partner_id: partnerUid,
    partner_name: shortenCompanyName(partnerName),
    position: lists.position.map(detailPosition),
    position_presail: lists.position_presail.map(detailPosition),
    comment: order.comment,
    delivery,
    bags: { wear: 0, wear_pre: 0, shoes: 0, shoes_pre: 0, ...(order.bags as object) },
    count: order.count,
    total_count: order.totalCount,
    total: order.total,
    total_discount: order.totalDiscount,
    request_certificate: order.requestCertificate,
    reserved: isReserved(checks),
    checks: checks.map(toCheck),
  };
}

/**
 * The order detail page: the order with its lines and split, what 1C last said of each check, its document files and
 * its status timeline — after proving the order is one of the user's companies' (404 / 403 otherwise).
 */
export async function orderPage(db: Db, userId: number, orderId: number): Promise<TOrderPage> {
  const detail = await orderDetail(db, userId, orderId);
  const [documents, timeline, erpStates] = await Promise.all([repo.documentsOf(db, orderId), repo.timelineOf(db, orderId), repo.erpStatesOf(db, orderId)]);
  const erpOfCheck = new Map(erpStates.map(({ checkGuid, ...erp }): [string, TCheckErpState] => [checkGuid, erp]));
  const orgOfCheck = new Map(detail.checks.map((check) => [check.guid, check.org_name]));
  const presale = detail.position_presail.flatMap((position) => position.characteristics);
  return {
    ...detail,
    checks: detail.checks.map((check) => ({ ...check, erp: erpOfCheck.get(check.guid) ?? null })),
    preorder_count: presale.reduce((units, line) => units + line.count, 0),
    documents: documents.map(({ document, fileName, size }) => ({
      id: document.id,
      check_guid: document.checkGuid,
      org_name: orgOfCheck.get(document.checkGuid) ?? '',
      kind: document.kind as OrderDocumentKind,
      kind_name: ORDER_DOCUMENT_NAMES[document.kind as OrderDocumentKind] ?? document.kind,
      number: document.number,
      issued_on: document.issuedOn,
      file_name: fileName,
      size,
      received: unixSeconds(document.receivedAt),
      url: `/api/orders/${orderId}/documents/${document.id}`,
    })),
    timeline: timeline.map((entry): TOrderTimelineEntry => {
      const organisation = entry.orgGuid ? organisationName(entry.orgGuid) : '';
      const event = entry.event as TOrderTimelineEntry['event'];
      const said =
        event === 'check_status'
          ? orderTimelineText({ event, status: entry.status ?? 0, organisation })
          : event === 'document'
            ? orderTimelineText({ event, document: entry.document ?? '', organisation })
            : orderTimelineText({ event });
      return { at: unixSeconds(entry.at), event, text: said, check_guid: entry.checkGuid, status: entry.status };
    }),
  };
}

/** A document file of the order, for download: only by the users of the order's company. */
export async function orderDocumentFile(db: Db, storage: FileStorage, userId: number, orderId: number, documentId: number) {
  await requireOrder(db, userId, orderId, 'documents.view');
  const found = (await repo.documentsOf(db, orderId)).find(({ document }) => document.id === documentId);
  if (!found) throw notFound(`Документ ${documentId} не найден в заказе № ${orderId}.`);
  const bytes = await storage.get(found.storageKey);
  if (!bytes) throw new AppError('NOT_FOUND', `Файл «${found.fileName}» не найден в хранилище: обратитесь к менеджеру.`);
  return { name: found.fileName, mime: found.mime, bytes };
}

export async function orderDocuments(db: Db, userId: number, orderId: number): Promise<TDocStatus[]> {
  await requireOrder(db, userId, orderId, 'documents.view');
  const checks = await repo.checksOf(db, [orderId]);
  return checks.map(toDocStatus);
}

/**
 * A bill request for one check of the order: a check «В резерве» becomes «Счёт выставлен» and its bill can be printed.
 * Any other status is refused with the reason (domain `canRequestBill`); the update is conditional on the status read,
 * so two requests at once bill the check once and the other is told the bill is already issued.
 */
export async function requestBill(db: Db, userId: number, orderId: number, checkGuid: string, ip?: string): Promise<TOrderCheck[]> {
  const { order } = await requireOrder(db, userId, orderId, 'documents.view');
  const checks = await repo.checksOf(db, [orderId]);
  const check = checks.find((candidate) => candidate.guid === checkGuid);
  if (!check) throw notFound(`Счёт ${checkGuid} не найден в заказе № ${orderId}: обновите историю заказов.`);
  const refuse = (status: number) => conflict(`Заказ № ${orderId}, счёт ${organisationName(check.orgGuid)}: ${billRequestRefusal(status)}`);
  if (!canRequestBill(check.status)) throw refuse(check.status);
  const updated = await db.transaction(async (tx) => {
    const billed = await repo.updateCheckInStatus(tx, check.id, check.status, {
      status: CHECK_STATUS.BILLED,
      docStatus: { ...toDocStatus(check), StatusSchet: true },
      billRequestedAt: new Date(),
    });
    if (billed) {
      const object = `Заказ № ${orderId}, счёт ${organisationName(check.orgGuid)}`;
      await recordAction(tx, { partnerId: order.partnerId, userId, action: 'bill.requested', object, changes: { check: check.guid }, ip });
    }
    return billed;
  });
  if (!updated) {
    const current = (await repo.checksOf(db, [orderId])).find((row) => row.id === check.id);
    throw refuse(current?.status ?? CHECK_STATUS.BILLED);
  }
  return [toCheck(updated)];
}

export interface InvoiceData {
  order: repo.OrderRow;
  buyer: Awaited<ReturnType<typeof repo.partnerRequisites>>;
  contracts: Awaited<ReturnType<typeof repo.partnerContracts>>;
  /** The checks to print (not cancelled), as stored. */
  checks: repo.CheckRow[];
  /** The order's lines and checks through the domain's rules. */
  priced: StoredOrder;
}

/** What the invoice PDF needs; 400 with the reason when the order cannot be billed. */
export async function invoiceData(db: Db, userId: number, orderId: number, name: string): Promise<InvoiceData> {
  if (name !== 'invoice') {
    throw badRequest(`Документ «${name}» не печатается: укажите name=invoice (счёт на оплату).`);
  }
  const { order } = await requireOrder(db, userId, orderId, 'documents.view');
  const checks = await repo.checksOf(db, [orderId]);
  const refusal = invoiceRefusal(orderId, checks);
  if (refusal) throw badRequest(refusal);
  const lines = await repo.orderLinesOf(db, [orderId]);
  if (lines.length === 0) throw badRequest(`В заказе № ${orderId} нет строк — печатать нечего.`);
  const buyer = await repo.partnerRequisites(db, order.partnerId);
  const contracts = await repo.partnerContracts(db, order.partnerId);
  const priced = storedOrder(lines, deliveryOf(deliveryOfStored(order.delivery)));
  // A partly cancelled order is billed for what is left: the cancelled checks get no page.
  return { order, buyer, contracts, checks: checks.filter(isCheckInvoiced), priced };
}

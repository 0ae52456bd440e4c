/**
 * 1C's order exchange (type=sale): `query` hands 1C the orders it has not taken, `success` marks them taken, `file`
 * applies the order documents 1C sends back. Status changes go through the integration API's own check-status rule
 * (INTEGRATION_KINDS.checks: the status, the mail event in the same transaction, the realtime notification after the
 * commit), so a status from 1C and one from the JSON API are the same change.
 */
import type { Delivery } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { INTEGRATION_KINDS } from '../../integration';
import type { DbOrTx } from '../../../db/client';
import { checksOf, orderLinesOf, storedLine } from '../../orders';
import { encodeCommerceMl } from './commerceml-text';
import { ExchangeFileRefused, readOrderDocuments, type OrderDocumentFromOneC } from './order-documents-reader';
import { DELIVERY_LINE_ID, goodsIdOf, ordersDocument, type OrderForOneC } from './orders-document';
import * as repo from './sale.repository';
import { checkChangeFromOneC } from './status-from-one-c';

/** Orders one query hands out at most; the rest go in the queries after the next `success`. */
export const ORDERS_PER_QUERY = 500;

/** The answer to `query`: the orders not yet taken, as a CommerceML document in windows-1251. */
export async function ordersForOneC(app: FastifyInstance, now = new Date()): Promise<{ xml: Buffer; orders: number; queryId: number }> {
  const { xml, orders, queryId } = await app.db.transaction(async (tx) => {
    const handedOut = await repo.ordersNotTakenByOneC(tx, ORDERS_PER_QUERY);
    const ids = handedOut.map((order) => order.id);
    const queryId = await repo.recordQuery(tx, handedOut);
    const rows = await repo.ordersWithCompany(tx, ids);
    const lines = await orderLinesOf(tx, ids);
    const checks = await checksOf(tx, ids);
    const contracts = await repo.contractsOf(tx, rows.map((row) => row.partnerId));
    const linesByOrder = groupBy(lines, (line) => line.line.orderId);
    const checksByOrder = groupBy(checks, (check) => check.orderId);
    const contractsByCompany = groupBy(contracts, (contract) => contract.partnerId);
    const documents: OrderForOneC[] = rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt,
      comment: row.comment,
      delivery: row.delivery as Delivery,
      company: { uid: row.partnerUid, name: row.partnerName, inn: row.inn, address: row.address },
      lineRows: linesByOrder.get(row.id) ?? [],
      checks: checksByOrder.get(row.id) ?? [],
      contracts: contractsByCompany.get(row.partnerId) ?? [],
    }));
    return { xml: ordersDocument(documents, now), orders: ids.length, queryId };
  });
  app.log.info({ exchange: '1c', type: 'sale', mode: 'query', queryId, orders }, '1C took the orders not yet taken');
  return { xml: encodeCommerceMl(xml), orders, queryId };
}

function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/** `success`: 1C has loaded the newest query's orders; they are never handed out again. */
export async function confirmOrdersTaken(app: FastifyInstance): Promise<number> {
  const confirmed = await app.db.transaction((tx) => repo.confirmNewestQuery(tx));
  app.log.info({ exchange: '1c', type: 'sale', mode: 'success', ...confirmed }, '1C confirmed the orders of its query');
  return confirmed?.taken ?? 0;
}

export interface OrderDocumentsReport {
  /** Documents that changed something. */
  applied: number;
  unchanged: number;
  refused: Array<{ position: number; reason: string }>;
  /** Things said of accepted documents: an unknown status name, lines that differ from the portal's. */
  notes: string[];
}

const documentLabel = (document: OrderDocumentFromOneC) =>
  `Документ ${document.position}${document.number ? ` (№ ${document.number}${document.id ? `, Ид ${document.id}` : ''})` : document.id ? ` (Ид ${document.id})` : ''}`;

/**
 * `file`: the order documents from 1C (one file, or each XML of an archive), all read as streams first (bad XML in
 * any of them changes nothing), then applied in one transaction; a document of an order the portal does not know is
 * refused with its reason, the others applied. The notifications go out after the commit.
 */
export async function applyOrderDocuments(app: FastifyInstance, files: readonly Buffer[]): Promise<OrderDocumentsReport> {
  const documents = files.flatMap((file) => readOrderDocuments(file));
  const report: OrderDocumentsReport = { applied: 0, unchanged: 0, refused: [], notes: [] };
  const afterCommit: Array<() => Promise<void>> = [];
  await app.db.transaction(async (tx) => {
    for (const document of documents) {
      if (document.operation && document.operation !== 'Заказ товара') {
        report.refused.push({ position: document.position, reason: `${documentLabel(document)}: хозяйственная операция «${document.operation}» — портал принимает только «Заказ товара».` });
        continue;
      }
      const byId = document.id ? await repo.checkByGuid(tx, document.id) : undefined;
      const orderNumber = /^\d{1,9}$/.test(document.number) ? Number(document.number) : undefined;
      const checks = byId ? [byId] : orderNumber !== undefined ? await repo.checksOfOrder(tx, orderNumber) : [];
      if (checks.length === 0) {
        report.refused.push({ position: document.position, reason: `${documentLabel(document)}: заказ не найден на портале — документ не применён.` });
        continue;
      }
      let changed = false;
      const named = checkChangeFromOneC(document.requisites, checks[0]!.status, document.number1c).unknownStatus;
      if (named) report.notes.push(`${documentLabel(document)}: статус «${named}» порталу не известен — статус заказа не изменён.`);
      if (byId && document.lines.length > 0) {
        const difference = await linesDifference(tx, byId, document.lines);
        if (difference) report.notes.push(`${documentLabel(document)}: строки заказа в 1С отличаются от портала (${difference}) — портал их не меняет, заказ на портале прежний.`);
      }
      for (const check of checks) {
        const change = checkChangeFromOneC(document.requisites, check.status, document.number1c);
        if (change.number1c !== undefined || change.paidOn !== undefined || change.shippedOn !== undefined) {
          const before = await repo.checkState(tx, check.id);
          const differs =
            !before ||
            (change.number1c !== undefined && change.number1c !== before.number1c) ||
            (change.paidOn !== undefined && change.paidOn !== before.paidOn) ||
            (change.shippedOn !== undefined && change.shippedOn !== before.shippedOn);
          if (differs) {
            await repo.saveCheckState(tx, check.id, change);
            changed = true;
          }
        }
        if (change.status !== undefined && change.status !== check.status) {
          const outcome = await INTEGRATION_KINDS.checks.apply(tx, { order: check.orderId, guid: check.guid, status: change.status }, app, undefined);
          if (outcome?.after) afterCommit.push(outcome.after);
          changed = true;
        }
      }
      if (changed) report.applied += 1;
      else report.unchanged += 1;
    }
  });
  for (const after of afterCommit) {
    await after().catch((error: unknown) => app.log.error({ err: error, exchange: '1c' }, 'a status notification from the 1C exchange failed'));
  }
  app.log.info(
    { exchange: '1c', type: 'sale', mode: 'file', documents: documents.length, applied: report.applied, unchanged: report.unchanged, refused: report.refused },
    '1C sent order documents',
  );
  return report;
}

/**
 * How 1C's lines of a check differ from the portal's, by goods id and quantity (a size's stock and pre-order parts
 * counted together; the delivery service left out); '' when they agree. Said in the report, not applied: the lines
 * are the domain's priced lines with their stock, and 1C's changes to them need a rule of their own.
 */
async function linesDifference(tx: DbOrTx, check: repo.CheckOfOrder, fromOneC: OrderDocumentFromOneC['lines']): Promise<string> {
  const ours = new Map<string, number>();
  for (const row of await orderLinesOf(tx, [check.orderId])) {
    if (row.line.orgGuid !== check.orgGuid) continue;
    const id = goodsIdOf(storedLine(row));
    ours.set(id, (ours.get(id) ?? 0) + row.line.quantity);
  }
  const theirs = new Map<string, number>();
  for (const line of fromOneC) {
    if (line.id === DELIVERY_LINE_ID) continue;
    theirs.set(line.id, (theirs.get(line.id) ?? 0) + Number(line.quantity.replace(',', '.')));
  }
  const differences = [...new Set([...ours.keys(), ...theirs.keys()])]
    .filter((id) => (ours.get(id) ?? 0) !== (theirs.get(id) ?? 0))
    .map((id) => `${id}: на портале ${ours.get(id) ?? 0}, в 1С ${theirs.get(id) ?? 0}`);
  return differences.length > 3 ? `${differences.slice(0, 3).join('; ')} и ещё ${differences.length - 3}` : differences.join('; ');
}

export { ExchangeFileRefused };

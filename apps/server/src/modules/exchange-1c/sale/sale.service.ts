/**
 * 1C's order exchange (type=sale): `query` hands 1C the orders it has not taken, `success` marks them taken, `file`
 * applies the order documents 1C sends back. Status changes go through the integration API's own check-status rule
 * (INTEGRATION_KINDS.checks: the status, the mail event in the same transaction, the realtime notification after the
 * commit), so a status from 1C and one from the JSON API are the same change. The lines and the delivery 1C changed
 * are read in lines-from-one-c.ts and applied by the orders module's back-office change (`applyBackOfficeChange`).
 */
import type { Delivery } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { INTEGRATION_KINDS } from '../../integration';
import { checksOf, orderLinesOf } from '../../orders';
import { encodeCommerceMl } from './commerceml-text';
import { ExchangeFileRefused, readOrderDocuments, type OrderDocumentFromOneC } from './order-documents-reader';
import { applyLinesFromOneC } from './lines-from-one-c';
import { ordersDocument, type OrderForOneC } from './orders-document';
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
  /** Refused documents: `key` names the document (its place, number and Ид), `reason` says why. */
  refused: Array<{ position: number; key: string; reason: string }>;
  /** Things said of accepted documents: an unknown status name, the lines 1C changed. */
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
  let linesApplied = false;
  await app.db.transaction(async (tx) => {
    for (const document of documents) {
      if (document.operation && document.operation !== 'Заказ товара') {
        report.refused.push({ position: document.position, key: documentLabel(document), reason: `хозяйственная операция «${document.operation}» — портал принимает только «Заказ товара».` });
        continue;
      }
      const byId = document.id ? await repo.checkByGuid(tx, document.id) : undefined;
      const orderNumber = /^\d{1,9}$/.test(document.number) ? Number(document.number) : undefined;
      const checks = byId ? [byId] : orderNumber !== undefined ? await repo.checksOfOrder(tx, orderNumber) : [];
      if (checks.length === 0) {
        report.refused.push({ position: document.position, key: documentLabel(document), reason: 'заказ не найден на портале — документ не применён.' });
        continue;
      }
      // The lines first: a document whose lines cannot be matched is refused whole, its status included. A document
      // found by the order's number alone speaks of the whole order, its lines of every check.
      let linesChanged = false;
      if (document.lines.length > 0) {
        const orderId = checks[0]!.orderId;
        const lines = await applyLinesFromOneC(tx, { orderId, checks, wholeOrder: !byId }, document.lines);
        if (lines.outcome === 'refused') {
          report.refused.push({ position: document.position, key: documentLabel(document), reason: `${lines.reason}.` });
          continue;
        }
        for (const note of lines.notes) report.notes.push(`${documentLabel(document)}: ${note}.`);
        if (lines.outcome === 'changed') {
          linesChanged = true;
          report.notes.push(`${documentLabel(document)}: заказ изменён по 1С — ${lines.said}.`);
          afterCommit.push(() => app.realtime.publishToPartner(lines.partnerId, { namespace: 'orders', action: 'refresh', payload: { ids: [orderId] } }));
        }
      }
      let statesSaved = false;
      let statusChanged = false;
      linesApplied ||= linesChanged;
      const named = checkChangeFromOneC(document.requisites, checks[0]!.status, document.number1c).unknownStatus;
      if (named) report.notes.push(`${documentLabel(document)}: статус «${named}» порталу не известен — статус заказа не изменён.`);
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
            statesSaved = true;
          }
        }
        if (change.status !== undefined && change.status !== check.status) {
          const outcome = await INTEGRATION_KINDS.checks.apply(tx, { order: check.orderId, guid: check.guid, status: change.status }, app, undefined);
          if (outcome?.after) afterCommit.push(outcome.after);
          statusChanged = true;
        }
      }
      // Only 1C's number or dates changed (no status, no line): the order's open pages show them, so they are told
      // to read it again, as a status change or new lines tell them.
      if (statesSaved && !statusChanged && !linesChanged) {
        const { orderId, partnerId } = checks[0]!;
        afterCommit.push(() => app.realtime.publishToPartner(partnerId, { namespace: 'orders', action: 'refresh', payload: { ids: [orderId] } }));
      }
      if (linesChanged || statesSaved || statusChanged) report.applied += 1;
      else report.unchanged += 1;
    }
  });
  // Lines 1C changed took or gave back stock and move popularity: the catalogue's index catches up now, as after an order.
  if (linesApplied) {
    app.catalogIndex.noteWrite('flips');
    app.catalogIndex.noteWrite('orders');
  }
  for (const after of afterCommit) {
    await after().catch((error: unknown) => app.log.error({ err: error, exchange: '1c' }, 'a notification from the 1C exchange failed'));
  }
  app.log.info(
    { exchange: '1c', type: 'sale', mode: 'file', documents: documents.length, applied: report.applied, unchanged: report.unchanged, refused: report.refused },
    '1C sent order documents',
  );
  return report;
}

export { ExchangeFileRefused };

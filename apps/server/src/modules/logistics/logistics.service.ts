/**
 * Delivery addresses (the user's book) and shipment requests (a company's, for one of its orders). Both need a role
 * allowing shipment requests: in the company of the order, or — for the user's own book — in one of their companies.
 */
import { randomUUID } from 'node:crypto';
import { ZShipmentRequestFieldsSchema, type TDeliveryAddress, type TShipment, type TShippableOrder } from '@portal/contracts';
import { CHECK_STATUS, canRequestShipment, isOrderCancelled, sortShipments } from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { requireAnyCompanyAction, requireCompanyAction, requirePartnerAccess, userPartnerIds } from '../../lib/partner-scope';
import type { HistoryOptions } from '../../lib/history';
import type { FileStorage } from '../../lib/storage';
import type { MultipartForm } from '../../lib/uploads';
import { discardUploads, putUploads, recordUploads } from '../files';
import * as repo from './logistics.repository';
import { parseShipmentDate } from './shipment-date';
import { enqueueMailEvent } from '../mail';
import { recordAction } from '../audit';

export const MAX_ADDRESSES = 50;

const tidy = (label: string) => label.replace(/\s+/g, ' ').trim();

export async function listAddresses(db: Db, userId: number): Promise<TDeliveryAddress[]> {
  await requireAnyCompanyAction(db, userId, 'shipments.request');
  return repo.listAddresses(db, userId);
}

// Addresses are the person's own (no company): their record shows in every company they act for.
export async function addAddress(db: Db, userId: number, label: string, ip?: string): Promise<TDeliveryAddress[]> {
  await requireAnyCompanyAction(db, userId, 'shipments.request');
  const text = tidy(label);
  if ((await repo.countAddresses(db, userId)) >= MAX_ADDRESSES) {
    throw conflict(`В списке уже ${MAX_ADDRESSES} адресов: удалите ненужные, чтобы добавить новый.`);
  }
  await db.transaction(async (tx) => {
    if (!(await repo.insertAddress(tx, userId, text))) throw conflict(`Адрес «${text}» уже есть в списке.`);
    await recordAction(tx, { partnerId: null, userId, action: 'address.created', object: `Адрес доставки «${text}»`, ip });
  });
  return repo.listAddresses(db, userId);
}

export async function updateAddress(db: Db, userId: number, index: number, label: string, ip?: string): Promise<TDeliveryAddress[]> {
  await requireAnyCompanyAction(db, userId, 'shipments.request');
  const text = tidy(label);
  if (await repo.findSameLabel(db, userId, text, index)) throw conflict(`Адрес «${text}» уже есть в списке.`);
  const before = (await repo.listAddresses(db, userId)).find((address) => address.index === index)?.label;
  await db.transaction(async (tx) => {
    // Addresses are the user's own: another user's index answers the same 404 as a missing one.
    if (!(await repo.updateAddress(tx, userId, index, text))) throw notFound(`Адреса с номером ${index} нет в вашем списке: обновите страницу.`);
    await recordAction(tx, { partnerId: null, userId, action: 'address.updated', object: `Адрес доставки «${text}»`, changes: { label: { from: before ?? '', to: text } }, ip });
  });
  return repo.listAddresses(db, userId);
}

export async function deleteAddress(db: Db, userId: number, index: number, ip?: string): Promise<TDeliveryAddress[]> {
  await requireAnyCompanyAction(db, userId, 'shipments.request');
  const before = (await repo.listAddresses(db, userId)).find((address) => address.index === index)?.label ?? '';
  await db.transaction(async (tx) => {
    if (!(await repo.deleteAddress(tx, userId, index))) throw notFound(`Адреса с номером ${index} нет в вашем списке: обновите страницу.`);
    await recordAction(tx, { partnerId: null, userId, action: 'address.deleted', object: `Адрес доставки «${before}»`, ip });
  });
  return repo.listAddresses(db, userId);
}

/** The shipments of the user's companies, by bitrix_id descending (spec §4). An empty list is answered as []. */
export async function listShipments(db: Db, userId: number): Promise<TShipment[]> {
  const rows = await repo.listShipments(db, await userPartnerIds(db, userId, 'shipments.request'));
  const attached = await repo.listShipmentFiles(db, rows.map((row) => row.shipment.id));
  return sortShipments(
    rows.map(({ shipment, partnerUid, partnerName }) => ({
      id: shipment.id,
      bitrix_id: shipment.bitrixId,
      guid: shipment.guid,
      partner_guid: partnerUid,
      partner_name: partnerName,
      order: shipment.orderId,
      address: shipment.address,
      date: shipment.date,
      comment: shipment.comment,
      status: shipment.status,
      created_at: shipment.createdAt.toISOString(),
      files: attached.filter((file) => file.shipmentId === shipment.id).map(({ id, name, mime, size }) => ({ id, name, mime, size })),
    })),
  );
}

/** Orders of the user's companies that can still be shipped (not all shipped or cancelled), newest first. */
export async function listShippableOrders(db: Db, userId: number): Promise<TShippableOrder[]> {
  const rows = await repo.listShippableOrders(db, await userPartnerIds(db, userId, 'shipments.request'), 200);
  return rows.map((row) => ({
    n: row.n,
    name: row.name,
    date: row.createdAt.toISOString(),
    partner_guid: row.partnerUid,
    partner_name: row.partnerName,
  }));
}

function notShippable(orderId: number, checks: ReadonlyArray<{ status: number }>): string {
  if (isOrderCancelled(checks)) return `Заказ №${orderId} отменён — отгружать по нему нечего. Выберите другой заказ.`;
  if (checks.length > 0 && checks.every((check) => check.status === CHECK_STATUS.SHIPPED)) {
    return `Заказ №${orderId} уже отгружен — повторная заявка на отгрузку не нужна. Выберите другой заказ.`;
  }
  return `По заказу №${orderId} отгружать нечего: он отгружен или отменён. Выберите другой заказ.`;
}

/**
 * Files a shipment request for an order of one of the user's companies; the company is the order's. A request of the
 * past (`asOf`, lib/history.ts) is checked against that day, dated then and mails nobody.
 */
export async function requestShipment(db: Db, storage: FileStorage, userId: number, form: MultipartForm, { asOf }: HistoryOptions = {}) {
  const today = asOf ?? new Date();
  const parsed = ZShipmentRequestFieldsSchema.safeParse(form.fields);
  if (!parsed.success) throw badRequest(parsed.error.issues.map((issue) => issue.message).join(' '));
  const fields = parsed.data;
  const date = parseShipmentDate(fields.date, today);
  if ('error' in date) throw badRequest(date.error);

  const order = await repo.findOrder(db, fields.order);
  if (!order) throw notFound(`Заказ №${fields.order} не найден: выберите заказ из списка.`);
  await requirePartnerAccess(db, userId, order.partnerId, 'member').catch(() => {
    throw new AppError('FORBIDDEN', `Заказ №${fields.order} оформлен не на вашу компанию.`);
  });
  await requireCompanyAction(db, userId, order.partnerId, 'shipments.request');
  const checks = await repo.orderCheckStatuses(db, order.id);
  if (!canRequestShipment(checks)) throw conflict(notShippable(order.id, checks));

  const stored = await putUploads(storage, 'shipments', form.files);
  try {
    return await db.transaction(async (tx) => {
      const shipment = await repo.insertShipment(tx, {
        guid: randomUUID(),
        partnerId: order.partnerId,
        userId,
        orderId: order.id,
        address: tidy(fields.address),
        date: date.value,
        comment: fields.comment,
        ...(asOf && { createdAt: asOf, updatedAt: asOf }),
      });
      const rows = await recordUploads(tx, stored, { userId, partnerId: order.partnerId, purpose: 'shipment' });
      await repo.linkShipmentFiles(tx, shipment.id, rows.map((row) => row.id));
      if (!asOf) await enqueueMailEvent(tx, 'shipment.created', shipment.id);
      return { id: shipment.id };
    });
  } catch (error) {
    await discardUploads(storage, stored);
    throw error;
  }
}

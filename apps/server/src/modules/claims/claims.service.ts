/** Claims of the user's companies: filing one (with products from an order, photos and documents) and the list. */
import { randomUUID } from 'node:crypto';
import { ZClaimProductSchema, ZClaimRequestFieldsSchema, type TClaim, type TClaimProduct } from '@portal/contracts';
import { CLAIM_CASES, claimCaseName, sortClaims } from '@portal/domain';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { requireUserPartner, userPartnerIds } from '../../lib/partner-scope';
import type { HistoryOptions } from '../../lib/history';
import type { FileStorage } from '../../lib/storage';
import type { MultipartForm } from '../../lib/uploads';
import { discardUploads, putUploads, recordUploads } from '../files';
import * as repo from './claims.repository';
import { enqueueMailEvent } from '../mail';

const MAX_PRODUCTS = 200;

/** The claims of the user's companies, by bitrix_id descending with a missing one as 0 (spec §4). Empty is []. */
export async function listClaims(db: Db, userId: number): Promise<TClaim[]> {
  const rows = await repo.listClaims(db, await userPartnerIds(db, userId, 'claims.file'));
  const ids = rows.map((row) => row.claim.id);
  const [attached, history] = [await repo.listClaimFiles(db, ids), await repo.listClaimHistory(db, ids)];
  return sortClaims(
    rows.map(({ claim, partnerUid, partnerName, orderDate }) => ({
      id: claim.id,
      bitrix_id: claim.bitrixId,
      guid: claim.guid,
      date_create: claim.createdAt.toISOString(),
      status: claim.status,
      title: claim.title,
      partner_name: partnerName,
      partner_guid: partnerUid,
      case: claim.case,
      products: claim.products as TClaimProduct[],
      message: claim.message,
      files: attached.filter((file) => file.claimId === claim.id).map(({ id, name, mime, size }) => ({ id, name, mime, size })),
      order_detail: claim.orderId !== null && orderDate ? { n: claim.orderId, date: orderDate.toISOString() } : null,
      history: history
        .filter((entry) => entry.claimId === claim.id)
        .map((entry) => ({ status: entry.status, comment: entry.comment, date: entry.at.toISOString() })),
    })),
  );
}

function parseProducts(text: string): TClaimProduct[] {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw badRequest('Поле products должно быть JSON-массивом товаров.');
  }
  if (!Array.isArray(raw)) throw badRequest('Поле products должно быть JSON-массивом товаров.');
  if (raw.length > MAX_PRODUCTS) throw badRequest(`В рекламации больше ${MAX_PRODUCTS} товаров: разделите её на несколько.`);
  return raw.map((item, i) => {
    const parsed = ZClaimProductSchema.safeParse(item);
    if (!parsed.success) {
      const article = z.object({ article: z.string() }).safeParse(item);
      const which = article.success ? `«${article.data.article}»` : `№${i + 1}`;
      throw badRequest(`Товар ${which}: ${parsed.error.issues.map((issue) => issue.message).join(' ')}`);
    }
    return parsed.data;
  });
}

/** Each product must be a line of the order, claimed for no more pieces than were ordered. */
async function checkAgainstOrder(db: Db, orderId: number, claimed: TClaimProduct[]): Promise<TClaimProduct[]> {
  const lines = await repo.listOrderLines(db, orderId);
  return claimed.map((product) => {
    const matching = lines.filter((line) =>
      product.guid ? line.offerGuid === product.guid : line.article === product.article && line.characteristic === product.characteristic,
    );
    const label = `«${product.article}${product.characteristic ? `, ${product.characteristic}` : ''}»`;
    if (matching.length === 0) throw badRequest(`Товара ${label} нет в заказе №${orderId}: выберите товары из заказа.`);
    const ordered = matching.reduce((sum, line) => sum + line.quantity, 0);
    if (product.quantity > ordered) {
      throw badRequest(`Товар ${label}: в рекламации ${product.quantity} шт., а в заказе №${orderId} только ${ordered} шт.`);
    }
    const line = matching[0]!;
    // The names come from the order, not from the client.
    return { ...product, article: line.article, name: line.name, characteristic: line.characteristic };
  });
}

/** Files a claim; one of the past (`asOf`, lib/history.ts) is dated then and mails nobody. */
export async function fileClaim(db: Db, storage: FileStorage, userId: number, form: MultipartForm, { asOf }: HistoryOptions = {}): Promise<{ id: number }> {
  const parsed = ZClaimRequestFieldsSchema.safeParse(form.fields);
  if (!parsed.success) throw badRequest(parsed.error.issues.map((issue) => issue.message).join(' '));
  const fields = parsed.data;
  if (!(fields.case in CLAIM_CASES)) {
    throw badRequest(`Вид рекламации ${fields.case} неизвестен: выберите один из ${Object.keys(CLAIM_CASES).join(', ')}.`);
  }
  const partner = await requireUserPartner(db, userId, fields.partner_guid, 'claims.file');
  let products = parseProducts(fields.products);

  if (fields.order !== undefined) {
    const order = await repo.findOrder(db, fields.order);
    if (!order) throw notFound(`Заказ №${fields.order} не найден: проверьте номер.`);
    if (order.partnerId !== partner.id) {
      const own = (await userPartnerIds(db, userId)).includes(order.partnerId);
      if (!own) throw new AppError('FORBIDDEN', `Заказ №${fields.order} оформлен не на вашу компанию.`);
      throw badRequest(`Заказ №${fields.order} оформлен на другую вашу компанию: выберите её в поле «Компания».`);
    }
    if (products.length === 0) throw badRequest(`Отметьте товары заказа №${fields.order}, по которым рекламация, и их количество.`);
    products = await checkAgainstOrder(db, order.id, products);
  }

  const title = fields.title || `${claimCaseName(fields.case)}${fields.order !== undefined ? ` по заказу №${fields.order}` : ''}`;
  const stored = await putUploads(storage, 'claims', form.files);
  try {
    return await db.transaction(async (tx) => {
      const claim = await repo.insertClaim(tx, {
        guid: randomUUID(),
        partnerId: partner.id,
        userId,
        orderId: fields.order ?? null,
        case: fields.case,
        title,
        message: fields.message,
        products,
        ...(asOf && { createdAt: asOf, updatedAt: asOf }),
      });
      await repo.insertHistory(tx, { claimId: claim.id, status: 'new', comment: 'Рекламация отправлена из портала.', ...(asOf && { at: asOf }) });
      const rows = await recordUploads(tx, stored, { userId, partnerId: partner.id, purpose: 'claim' });
      await repo.linkClaimFiles(tx, claim.id, rows.map((row) => row.id));
      if (!asOf) await enqueueMailEvent(tx, 'claim.created', claim.id);
      return { id: claim.id };
    });
  } catch (error) {
    await discardUploads(storage, stored);
    throw error;
  }
}

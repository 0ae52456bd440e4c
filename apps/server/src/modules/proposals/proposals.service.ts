/**
 * Commercial proposals (spec §3, §7): the document priced from the database, the organisation lookup by INN, and the
 * user's own library of logos and banners. Access checks come first in every function.
 */
import { readFileSync } from 'node:fs';
import {
  ZProposalOrgSchema,
  type TProposalImage,
  type TProposalImageKind,
  type TProposalOrg,
  type TProposalRequestParsed,
} from '@portal/contracts';
import {
  countWithNoun,
  formatUnixDate,
  fromKopecks,
  innProblem,
  listPriceKopecks,
  priceAskedLines,
  pricingCatalogue,
  proposalLinePrice,
  proposalMarkupProblem,
  proposalTotals,
  shortenCompanyName,
  type ProposalLineInput,
  type ProposalTotals,
} from '@portal/domain';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, badRequest } from '../../lib/errors';
import { requireAnyCompanyAction, requireUserPartner } from '../../lib/partner-scope';
import { newStorageKey, type FileStorage } from '../../lib/storage';
import { IMAGE_TYPES, type MultipartForm, type UploadPolicy } from '../../lib/uploads';
import { checkImageHeader, DECODED_IMAGE_MAX_PIXELS } from '../../lib/images';
import { offerPriceListOf, pricingContractsOf, productPriceListOf } from '../products';
import { vatPercentsOn } from '../vat';
import { toEmbeddable, type ImageAsset } from './proposal-images';
import type { ProposalDocument, ProposalDocumentPosition } from './proposal-document';
import * as repo from './proposals.repository';

// ---------------------------------------------------------------------------------------------------------------
// Logo and banner library

const PURPOSE: Record<TProposalImageKind, repo.ProposalImagePurpose> = { logo: 'proposal-logo', banner: 'proposal-banner' };
const KIND_NAME: Record<TProposalImageKind, { one: string; many: string }> = {
  logo: { one: 'Логотип', many: 'логотипов' },
  banner: { one: 'Баннер', many: 'баннеров' },
};

export const PROPOSAL_IMAGE_POLICY: UploadPolicy = {
  // SVG is recognised so that it can be refused with its own message (see addImage).
  accept: [...IMAGE_TYPES, 'image/svg+xml'],
  maxFileBytes: 3 * 1024 * 1024,
  maxTotalBytes: 3 * 1024 * 1024,
  maxFiles: 1,
  fileFields: ['file', 'image', 'logo', 'banner'],
};
export const PROPOSAL_IMAGE_LIMIT = 30;

export const proposalImageSrc = (kind: TProposalImageKind, id: number) => `/api/services/proposal/${kind}/${id}/image`;

export async function listImages(db: Db, userId: number, kind: TProposalImageKind): Promise<TProposalImage[]> {
  await requireAnyCompanyAction(db, userId, 'proposals.manage');
  const rows = await repo.listImages(db, userId, PURPOSE[kind]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    mime: row.mime,
    size: row.size,
    src: proposalImageSrc(kind, row.id),
    created: row.createdAt.toISOString(),
  }));
}

/**
 * Adds one image to the user's library. The type is read from the bytes. SVG is refused: it can carry scripts and
 * links, and neither PDF nor Word renders it safely; the web client turns an SVG into PNG before sending it.
 */
export async function addImage(db: Db, storage: FileStorage, userId: number, kind: TProposalImageKind, form: MultipartForm) {
  await requireAnyCompanyAction(db, userId, 'proposals.manage');
  const file = form.files[0];
  if (!file) throw badRequest(`Приложите файл изображения (PNG, JPEG или WebP) в поле «file».`);
  if (file.mime === 'image/svg+xml') {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Файл «${file.name}» — SVG: такие файлы не принимаются, потому что могут содержать скрипты. Сохраните ${KIND_NAME[kind].one.toLowerCase()} как PNG или JPEG и загрузите снова.`,
    );
  }
  checkImageHeader(file.bytes, file.name, DECODED_IMAGE_MAX_PIXELS);
  let bytes = file.bytes;
  if (file.mime === 'image/png') {
    // A PNG that does not decode would break every document it is put in: refuse it now, and keep the clean copy.
    const clean = await toEmbeddable(file.bytes);
    if (!clean) throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Файл «${file.name}» повреждён: PNG не читается. Сохраните его заново.`);
    if (clean.bytes.length < bytes.length) bytes = clean.bytes;
  }
  if ((await repo.countImages(db, userId, PURPOSE[kind])) >= PROPOSAL_IMAGE_LIMIT) {
    throw new AppError('CONFLICT', `В библиотеке уже ${PROPOSAL_IMAGE_LIMIT} ${KIND_NAME[kind].many}: удалите ненужные и загрузите снова.`);
  }
  const key = newStorageKey(`proposal-${kind}s`, file.extension);
  await storage.put(key, bytes);
  try {
    await repo.insertImage(db, { userId, purpose: PURPOSE[kind], name: file.name, mime: file.mime, size: bytes.length, storageKey: key });
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
  return listImages(db, userId, kind);
}

export async function deleteImage(db: Db, storage: FileStorage, userId: number, kind: TProposalImageKind, id: number) {
  await requireAnyCompanyAction(db, userId, 'proposals.manage');
  const key = await repo.deleteUserImage(db, userId, PURPOSE[kind], id);
  if (!key) throw notFoundImage(kind, id);
  await storage.delete(key).catch(() => undefined);
  return listImages(db, userId, kind);
}

export async function imageBytes(db: Db, storage: FileStorage, userId: number, kind: TProposalImageKind, id: number) {
  await requireAnyCompanyAction(db, userId, 'proposals.manage');
  const row = await repo.findUserImage(db, userId, PURPOSE[kind], id);
  if (!row) throw notFoundImage(kind, id);
  const bytes = await storage.get(row.storageKey);
  if (!bytes) throw new AppError('NOT_FOUND', `${KIND_NAME[kind].one} «${row.name}» пропал из хранилища: загрузите его снова.`, { id });
  return { name: row.name, mime: row.mime, bytes };
}

// Another user's image answers exactly like a missing one, so ids reveal nothing.
const notFoundImage = (kind: TProposalImageKind, id: number) =>
  new AppError('NOT_FOUND', `${KIND_NAME[kind].one} ${id} не найден в вашей библиотеке: обновите список.`);

// ---------------------------------------------------------------------------------------------------------------
// Organisation by INN

const ZRegistrySchema = z.array(ZProposalOrgSchema);
let registry: TProposalOrg[] | undefined;
/** The shipped sample registry of organisations (a stand-in for a state-registry service). */
function sampleRegistry(): TProposalOrg[] {
  registry ??= ZRegistrySchema.parse(JSON.parse(readFileSync(new URL('./organisation-registry.json', import.meta.url), 'utf8')));
  return registry;
}

/** Name of an organisation by INN: first our partners, then the sample registry. */
export async function findOrganisation(db: Db, userId: number, innText: string): Promise<TProposalOrg> {
  await requireAnyCompanyAction(db, userId, 'proposals.manage');
  const inn = innText.trim();
  const problem = innProblem(inn);
  if (problem) throw badRequest(problem);
  const partner = await repo.findPartnerByInn(db, inn);
  if (partner) {
    const text = shortenCompanyName(partner.name);
    return { inn, name: partner.name, text, kpp: '', address: partner.address };
  }
  const known = sampleRegistry().find((org) => org.inn === inn);
  if (known) return known;
  throw new AppError('NOT_FOUND', `Организация с ИНН ${inn} не найдена: проверьте номер или впишите название заказчика вручную.`);
}

// ---------------------------------------------------------------------------------------------------------------
// The document

/** Gathers and prices everything the document shows. Nothing the client sends about money is used. */
export async function buildProposalDocument(
  db: Db,
  storage: FileStorage,
  userId: number,
  request: TProposalRequestParsed,
): Promise<ProposalDocument> {
  const { offer, additionally } = request;
  const executorRef = await requireUserPartner(db, userId, offer.executorUID, 'proposals.manage');
  const executor = await repo.findPartnerDetails(db, executorRef.id);
  if (!executor) throw new AppError('NOT_FOUND', 'Компания-исполнитель не найдена.');
  // The proposal is the dealer's own document: it states the dealer company's VAT on the proposal's date.
  const vatPercent = (await vatPercentsOn(db, [offer.executorUID], offer.date))[offer.executorUID] ?? null;
  if (offer.customerInn) {
    const problem = innProblem(offer.customerInn);
    if (problem) throw badRequest(`ИНН заказчика: ${problem}`);
  }

  const productRows = await repo.findProductsByUid(db, [...new Set(offer.position.map((position) => position.guid))]);
  const productByUid = new Map(productRows.map((product) => [product.uid, product]));
  const offerRows = await repo.findOffersOfProducts(db, productRows.map((product) => product.id));
  const pictures = await repo.findFirstImages(db, productRows.map((product) => product.id));

  // Priced as an order of the executor company would be (the domain's one path): price type by each offer's contract,
  // the placeholder offer of a product without offers, the same offer asked twice as one line.
  const uidOfProduct = new Map(productRows.map((product) => [product.id, product.uid]));
  const catalogue = pricingCatalogue(
    productRows.map((product) => ({
      uid: product.uid,
      article: product.article,
      name: product.name,
      kind: '',
      status: product.status,
      maxDiscountPercent: product.maxDiscount,
      weightKg: 0,
      volumeM3: 0,
      ...productPriceListOf(product),
    })),
    offerRows.map((row) => ({
      ...offerPriceListOf(row),
      guid: row.guid,
      productUid: uidOfProduct.get(row.productId) ?? '',
      characteristic: row.characteristic,
      stock: 0,
      supplyNote: '',
    })),
    pricingContractsOf(executor.contracts),
  );

  const positions: Array<ProposalDocumentPosition & { input: ProposalLineInput[] }> = [];
  const pictureCache = new Map<string, ImageAsset | null>();
  for (const position of offer.position) {
    const product = productByUid.get(position.guid);
    if (!product) throw badRequest(`Товар ${position.guid} не найден в каталоге: удалите эту позицию из предложения.`);
    const productOffers = offerRows.filter((row) => row.productId === product.id);
    const subject = `позиции «${product.name}»`;
    for (const characteristic of position.characteristics) {
      if (characteristic.quantity === 0) continue;
      const found = productOffers.some((row) => row.guid === characteristic.guid);
      const isPlaceholder = productOffers.length === 0 && characteristic.guid === product.uid;
      if (!found && !isPlaceholder) {
        throw badRequest(`У товара «${product.name}» нет характеристики ${characteristic.guid}: выберите размер заново.`);
      }
    }
    const asked = position.characteristics
      .filter((characteristic) => characteristic.quantity > 0)
      .map((characteristic) => ({ productUid: product.uid, offerGuid: characteristic.guid, quantity: characteristic.quantity }));
    const lines = priceAskedLines(asked, catalogue).map((line) => {
      const row = productOffers.find((candidate) => candidate.guid === line.offer.guid);
      const fullPrice = fromKopecks(line.fullPriceKopecks);
      const problem = proposalMarkupProblem(fullPrice, position.markup, subject);
      if (problem) throw badRequest(problem);
      return {
        guid: line.offer.guid,
        characteristic: line.offer.characteristic,
        quantity: line.quantity,
        fullPrice,
        retailPrice: fromKopecks(listPriceKopecks(productPriceListOf(product), row && offerPriceListOf(row))),
      };
    });
    if (lines.length === 0) continue;

    const pictureKey = pictures.get(product.id);
    let picture: ImageAsset | null = null;
    if (pictureKey) {
      if (!pictureCache.has(pictureKey)) {
        const bytes = await storage.get(pictureKey);
        pictureCache.set(pictureKey, bytes ? await toEmbeddable(bytes, 240) : null);
      }
      picture = pictureCache.get(pictureKey) ?? null;
    }
    positions.push({
      guid: product.uid,
      index: positions.length + 1,
      article: product.article,
      name: product.name,
      picture,
      markup: position.markup,
      lines: lines.map((line) => {
        const priced = proposalLinePrice({ ...line, markup: position.markup });
        return { guid: line.guid, characteristic: line.characteristic, quantity: line.quantity, price: priced.price, crossedRetailPrice: priced.crossedRetailPrice, sum: priced.sum };
      }),
      quantity: lines.reduce((acc, line) => acc + line.quantity, 0),
      sum: proposalTotals(lines.map((line) => ({ ...line, markup: position.markup })), vatPercent).total,
      input: lines.map((line) => ({ ...line, markup: position.markup })),
    });
  }
  if (positions.length === 0) throw badRequest('В предложении нет ни одной строки с количеством больше 0: укажите количество.');

  const allLines = positions.flatMap((position) => position.input);

  const logo = request.header && request.headerLogo ? await documentImage(db, storage, userId, 'logo', request.headerLogo, 800) : null;
  const banner = request.banner && request.bannerId ? await documentImage(db, storage, userId, 'banner', request.bannerId, 2000) : null;
  if (request.banner && !request.bannerId) throw badRequest('Выберите баннер или отключите его.');

  const [year, month, day] = offer.date.split('-').map(Number) as [number, number, number];
  const date = formatUnixDate(Date.UTC(year, month - 1, day, 9) / 1000);
  const { partner } = executor;

  return {
    number: offer.n,
    date,
    portrait: request.portrait,
    header: request.header ? { logo, align: request.headerLogoAlign, text: request.headerText.trim() } : null,
    banner,
    executor: {
      name: partner.name,
      inn: partner.inn,
      address: [partner.address].filter(Boolean).join(', '),
      phone: partner.phone,
      email: partner.email,
      bank: partner.payment ? { account: partner.payment, bik: partner.bik, correspondent: partner.correspondent } : null,
    },
    customer: { name: offer.customer, inn: offer.customerInn, kpp: offer.customerKpp, address: offer.customerAddress },
    positions: positions.map(({ input: _input, ...position }) => position),
    totals: { ...customerTotals(proposalTotals(allLines, vatPercent)), positions: positions.length },
    conditions: conditionLines(additionally),
    comment: offer.comment.trim(),
  };
}

async function documentImage(db: Db, storage: FileStorage, userId: number, kind: TProposalImageKind, id: number, maxSide: number) {
  const image = await imageBytes(db, storage, userId, kind, id);
  const asset = await toEmbeddable(image.bytes, maxSide);
  if (!asset) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `${KIND_NAME[kind].one} «${image.name}» нельзя вставить в документ: PDF и Word показывают только PNG и JPEG. Загрузите его в одном из этих форматов.`,
    );
  }
  return asset;
}

/** The customer's totals: everything but the dealer's own sum. */
const customerTotals = ({ fullTotal: _dealerTotal, ...totals }: ProposalTotals) => totals;

/** The conditions as the sentences the document prints. */
export function conditionLines(conditions: TProposalRequestParsed['additionally']): Array<{ label: string; text: string }> {
  const lines: Array<{ label: string; text: string }> = [];
  if (conditions.prepayment && conditions.prepaymentValue !== null) {
    lines.push({ label: 'Предоплата', text: `${conditions.prepaymentValue} % от суммы предложения` });
  }
  if (conditions.delay) {
    const calendar = conditions.delayCalendarValue;
    const work = conditions.delayWorkValue;
    const text =
      calendar !== null
        ? countWithNoun(calendar, { one: 'календарный день', few: 'календарных дня', many: 'календарных дней' })
        : countWithNoun(work ?? 0, { one: 'рабочий день', few: 'рабочих дня', many: 'рабочих дней' });
    lines.push({ label: 'Отсрочка платежа', text });
  }
  if (conditions.delivery) lines.push({ label: 'Доставка', text: conditions.deliveryValue || 'силами исполнителя до адреса заказчика' });
  if (conditions.pickup) lines.push({ label: 'Самовывоз', text: conditions.pickupValue || 'со склада исполнителя' });
  return lines;
}

/**
 * Product search (spec §7 GET /product/search, §5 options) and article suggestions. Public: without a session the
 * prices are the list prices; with one they follow the user's price type, chosen among the types of the contracts
 * of the user's companies (PRICEUID picks one of them), or the contracts of the company in use (PARTNER), whose
 * discounts then give «Ваша цена» (PRICE_NET) by the domain's `companyPrice`.
 */
import {
  productImagePath,
  type TFoundProduct,
  type TOffer,
  type TProduct,
  type TProductPrices,
  type TProductPricesQuery,
  type TProductSearchQuery,
  type TProductSearchResult,
  type TSuggestion,
} from '@portal/contracts';
import {
  NAME_WORD_MIN_LENGTH,
  PRICE_TYPE,
  PRICE_TYPE_NAMES,
  SEARCH_OPTION,
  articleKey,
  companyPrice,
  filterSuggestions,
  fromKopecks,
  isPriceType,
  nameKey,
  nameWords,
  offerPriceType,
  type PriceTypeId,
  type PricingContract,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { SignedInUser } from '../../lib/fastify';
import { ensureUserPartner } from '../../lib/partner-scope';
import { companyPricingOf } from './known-company-pricing';
import { knownProductReads, type FoundProducts, type PackageWatch } from './known-product-reads';
import { NameSearchCache } from './name-search-cache';
import { offerPriceListOf, pricingContractsOf, productPriceListOf } from './price-rows';
import * as repo from './products.repository';

export const PRODUCT_NOT_FOUND = 'Товар не найден. Проверьте артикул или название и повторите поиск.';
/** How many products FOUND lists. */
export const FOUND_LIMIT = 20;
/** Name matches read before ranking: enough to rank the first page well, few enough to stay fast. */
const NAME_CANDIDATES = 60;

export const imageUrl = (imageId: number) => `/api/content/images/${imageId}`;

/** The price type a request sees prices in (docs/decisions.md "Catalogue and search"); the user's own types come with the session. */
export function resolvePriceType(user: SignedInUser | null, requested: string | undefined): PriceTypeId {
  const wanted = requested?.trim() ?? '';
  if (wanted !== '' && !isPriceType(wanted)) {
    throw new AppError('BAD_REQUEST', `Неизвестный PRICEUID «${wanted.slice(0, 64)}»: укажите тип цен одного из ваших договоров или оставьте пустым.`);
  }
  if (!user) {
    if (wanted !== '') {
      throw new AppError('UNAUTHORIZED', 'Цены по типу цен договора видны только после входа: войдите в систему.');
    }
    return PRICE_TYPE.DEFAULT;
  }
  const own = [...new Set(user.priceTypes)].filter(isPriceType);
  if (requested === undefined || requested.trim() === '') return own[0] ?? PRICE_TYPE.DEFAULT;
  if (wanted === PRICE_TYPE.DEFAULT || own.includes(wanted as PriceTypeId)) return wanted as PriceTypeId;
  throw new AppError('FORBIDDEN', 'Этот тип цен не относится к договорам ваших компаний: выберите свой тип цен.');
}

/**
 * The company whose prices a request sees, as the domain's pricing contracts (`companyPrice`, the one path of prices):
 * with PARTNER, that company's contracts — each offer in the type of its contract with the offer's organisation, the
 * product's own price in its placeholder's (FRO), the contract's discount off both. Without PARTNER, one contract of
 * no organisation at the one type `resolvePriceType` gives and no discount: the type applies to every organisation
 * (the domain falls back to the first contract) and no discount is known.
 */
export interface Pricing {
  contracts: PricingContract[];
  /** The type of the product's own price (the placeholder's): the PRICETYPE answered. */
  priceType: PriceTypeId;
  /** The company in use (PARTNER), when one was given: already checked to be the user's. */
  partnerId?: number;
}

export async function resolvePricing(db: Db, user: SignedInUser | null, query: { PRICEUID?: string; PARTNER?: string }): Promise<Pricing> {
  if (query.PARTNER === undefined) {
    const priceType = resolvePriceType(user, query.PRICEUID);
    return { contracts: [{ organisation: '', priceType, discountPercent: 0 }], priceType };
  }
  if (!user) throw new AppError('UNAUTHORIZED', 'Цены компании видны только после входа: войдите в систему.');
  if (query.PRICEUID?.trim()) {
    throw new AppError('BAD_REQUEST', 'Укажите что-то одно: PARTNER (цены вашей компании) или PRICEUID (тип цен), не оба сразу.');
  }
  // From memory on the embedded database (known-company-pricing.ts): also while a 1C package holds its engine.
  const { id, contracts } = ensureUserPartner(await companyPricingOf(db, user.id, query.PARTNER), query.PARTNER, 'prices.view');
  const pricingContracts = pricingContractsOf(contracts);
  return { contracts: pricingContracts, priceType: offerPriceType(undefined, pricingContracts), partnerId: id };
}

/** A product's own price for the company (its placeholder offer's): the full price as PRICE_OPT, «Ваша цена» as PRICE_NET. */
export function productPriceFields(product: { price: number; priceOpt: number; status: string; maxDiscount: number }, pricing: Pricing) {
  const price = companyPrice({ ...productPriceListOf(product), status: product.status, maxDiscountPercent: product.maxDiscount }, undefined, pricing.contracts);
  return { PRICE_OPT: fromKopecks(price.fullPriceKopecks), PRICE_NET: fromKopecks(price.priceKopecks) };
}

/** A company's prices of catalogue products (GET /api/product/prices), in the order asked; unknown ids are left out. */
export async function companyProductPrices(db: Db, user: SignedInUser, query: TProductPricesQuery): Promise<TProductPrices> {
  const pricing = await resolvePricing(db, user, { PARTNER: query.PARTNER });
  const byId = new Map((await repo.productPrices(db, query.IDS)).map((row) => [row.id, row]));
  const PRICES = query.IDS.flatMap((id) => {
    const product = byId.get(id);
    return product ? [{ ID: id, PRICE: product.price, ...productPriceFields(product, pricing) }] : [];
  });
  return { PRICETYPE: { id: pricing.priceType, name: PRICE_TYPE_NAMES[pricing.priceType] }, PRICES };
}

/**
 * What product search asks of the catalogue's in-memory index (modules/catalog's `CatalogIndex` answers it): the ids
 * of the first `limit` products whose names hold every word, ascending; null while the index is not built yet.
 */
export interface NameWordsIndex extends Partial<PackageWatch> {
  productIdsWithNameWords(words: readonly string[], limit: number): Promise<number[] | null>;
}

/**
 * The first `limit` products (in id order) whose names hold every word: from the catalogue index's name words once it
 * is built (name-words.ts, no statement but reading the found products), else from the database's word index.
 */
async function productsWithWords(db: Db, index: NameWordsIndex | undefined, words: string[], limit: number): Promise<repo.BriefProduct[]> {
  const ids = words.length > 0 ? await index?.productIdsWithNameWords(words, limit) : null;
  if (!ids) return repo.findByNameWords(db, words, limit);
  return repo.briefProducts(db, ids);
}

/**
 * Name search (option 2): the words of the name and articles by prefix of the query's article form, the candidates
 * suggestions take too (suggestProducts), so what a suggestion offers Enter finds; ranked by the suggestion rule.
 */
async function findByName(db: Db, index: NameWordsIndex | undefined, query: string): Promise<repo.BriefProduct[]> {
  const key = articleKey(query);
  const words = nameWords(query);
  const searchable = words.filter((word) => word.length >= NAME_WORD_MIN_LENGTH);
  const byArticle = key.length >= 2 ? await repo.findByArticlePrefix(db, key, FOUND_LIMIT) : [];
  const byName = await productsWithWords(db, index, searchable, NAME_CANDIDATES);
  const seen = new Set<number>();
  const candidates = [...byArticle, ...byName].filter((product) => !seen.has(product.id) && seen.add(product.id));
  return filterSuggestions(
    candidates.map((product) => ({ ...product, ARTICLE: product.article, NAME: product.name })),
    query,
    FOUND_LIMIT,
  );
}

/** The address of a product's main picture: resolved when the browser asks, so lists need no picture lookup. */

export type NameSearchResults = NameSearchCache<repo.BriefProduct[]>;

/** What a search finds (option 9 by id or uid, 0 by article prefix, 2 by name) and the card of the one it shows. */
async function readFound(db: Db, query: TProductSearchQuery, nameResults: NameSearchResults, index: NameWordsIndex | undefined): Promise<FoundProducts> {
  if (query.OPTION === SEARCH_OPTION.ID) {
    const details = await repo.productDetails(db, /^\d{1,9}$/.test(query.QUERY) ? { id: Number(query.QUERY) } : { uid: query.QUERY });
    return { found: details ? [details] : [], details };
  }
  if (query.OPTION === SEARCH_OPTION.ARTICLE) {
    const key = articleKey(query.QUERY);
    if (key === '') throw new AppError('BAD_REQUEST', 'В QUERY нет ни буквы, ни цифры артикула: введите артикул, например КСТ105А.');
    return repo.searchArticlePrefix(db, key, FOUND_LIMIT);
  }
  const found = await nameResults.get(nameKey(query.QUERY), () => findByName(db, index, query.QUERY));
  const key = articleKey(query.QUERY);
  const best = found.find((product) => articleKey(product.article) === key) ?? found[0];
  return { found, details: best ? await repo.productDetails(db, { id: best.id }) : undefined };
}

export async function searchProducts(
  db: Db,
  user: SignedInUser | null,
  query: TProductSearchQuery,
  nameResults: NameSearchResults = new NameSearchCache(0),
  index?: NameWordsIndex,
): Promise<TProductSearchResult> {
  const pricing = await resolvePricing(db, user, query);
  const priceType = pricing.priceType;
  // From memory on the embedded database (known-product-reads.ts): also while a 1C package holds its engine.
  const { found, details } = await knownProductReads(db, index, `${query.OPTION}\u0000${query.QUERY}`, () => readFound(db, query, nameResults, index));
  if (!details || found.length === 0) throw new AppError('NOT_FOUND', PRODUCT_NOT_FOUND);
  const product = details;

  const priced = { ...productPriceListOf(product), status: product.status, maxDiscountPercent: product.maxDiscount };
  const offers: TOffer[] = details.offers.map((offer) => {
    const price = companyPrice(priced, offerPriceListOf(offer), pricing.contracts);
    return {
      ID: offer.id,
      CHARACTERISTIC: offer.characteristic,
      RESIDUE: offer.residue,
      PRICE: fromKopecks(price.fullPriceKopecks),
      PRICE_LIST: fromKopecks(price.listKopecks),
      PRICE_NET: fromKopecks(price.priceKopecks),
      PPDATA: offer.ppdata,
      GUID: offer.guid,
      ORGGUID: offer.orgGuid,
    };
  });
  const FOUND: TFoundProduct[] = found.map((item) => ({
    ID: item.id,
    ARTICLE: item.article,
    NAME: item.name,
    PRICE: item.price,
    ...productPriceFields(item, pricing),
    STATUS: item.status,
    IMAGE: productImagePath(item.id),
  }));
  return {
    PRODUCT: toProduct(product, pricing),
    OFFERS: offers,
    FOUND,
    IMAGES: details.images.map(imageUrl),
    PROTECT: product.protect,
    VIDEO: product.video,
    PRICETYPE: { id: priceType, name: PRICE_TYPE_NAMES[priceType] },
  };
}

export function toProduct(product: repo.ProductDetails, pricing: Pricing): TProduct {
  return {
    ID: product.id,
    UID: product.uid,
    NAME: product.name,
    TYPE: product.type,
    ARTICLE: product.article,
    PRICE: product.price,
    ...productPriceFields(product, pricing),
    WEIGHT: product.weight,
    VALUME: product.volume,
    DETAIL_TEXT: product.detailText,
    STATUS: product.status,
    VIDEO: product.video,
    CHARACTERISTICS: Array.isArray(product.characteristics) ? (product.characteristics as TProduct['CHARACTERISTICS']) : [],
    MAX_DISCOUNT: product.maxDiscount,
  };
}

export const SUGGESTIONS_LIMIT = 10;

/** Article suggestions (spec §5): candidates from the indexes, then the domain's filter ranks and limits them. */
export async function suggestProducts(db: Db, query: string, index?: NameWordsIndex): Promise<TSuggestion[]> {
  const key = articleKey(query);
  const words = nameWords(query).filter((word) => word.length >= NAME_WORD_MIN_LENGTH);
  const [byArticle, byName] = await Promise.all([
    key.length >= 2 ? repo.findByArticlePrefix(db, key, SUGGESTIONS_LIMIT) : Promise.resolve([]),
    productsWithWords(db, index, words, NAME_CANDIDATES),
  ]);
  const seen = new Set<number>();
  const candidates = [...byArticle, ...byName]
    .filter((product) => !seen.has(product.id) && seen.add(product.id))
    .map((product) => ({ ID: product.id, ARTICLE: product.article, NAME: product.name }));
  return filterSuggestions(candidates, query, SUGGESTIONS_LIMIT);
}

/** The content service's catalogue (public): the group menu, pages of 25 products, the season sale, product pictures. */
import {
  catalogFiltersOf,
  type TCatalogGroup,
  type TCatalogPage,
  type TCatalogProductsQuery,
  type TCatalogZone,
  type TSeasonSaleQuery,
  type ZCatalogFiltersQuerySchema,
} from '@portal/contracts';
import { CATALOG_PAGE_SIZE, companyPrice, fromKopecks, placeholderDiscountPercent, priceTypeHalves, type CatalogFilters } from '@portal/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { SignedInUser } from '../../lib/fastify';
import type { FileStorage } from '../../lib/storage';
import { sniffFileType } from '../../lib/file-type';
import { imageUrl, resolvePricing, type Pricing } from '../products';
import { answerPage, type CatalogScope, type IndexAnswer, type ProductsPart } from './catalog-index';
import type { CatalogIndex } from './catalog-index-keeper';
import * as repo from './catalog.repository';
import type { CatalogCard } from './catalog.repository';

export async function catalogMenu(db: Db): Promise<TCatalogGroup[]> {
  const groups = await repo.listGroups(db);
  const build = (parent: string | null): TCatalogGroup[] =>
    groups
      .filter((group) => group.parentCode === parent)
      .map((group) => ({ code: group.code, name: group.name, zone: (group.zone as TCatalogZone | null) ?? null, items: build(group.code) }));
  return build(null);
}

/** A group and all its sub-groups' codes, from the index's copy of the group tree; 404 for an unknown group. */
function subtreeCodes(groups: ProductsPart['groupTree'], code: string): string[] {
  if (!groups.some((group) => group.code === code)) {
    throw new AppError('NOT_FOUND', `Группа каталога «${code.slice(0, 64)}» не найдена: выберите группу из меню каталога.`);
  }
  const codes = [code];
  for (let i = 0; i < codes.length; i++) {
    for (const group of groups) if (group.parentCode === codes[i]) codes.push(group.code);
  }
  return codes;
}

/**
 * The page's cards in the index's order, priced for the company by the one path of the domain (`companyPrice`): the
 * index sorts and filters by the same «Ваша цена» (`productNetKopecks`) the card shows as PRICE_NET.
 */
function toPage(answer: IndexAnswer, cards: CatalogCard[], pricing: Pricing): TCatalogPage {
  const roubles = (value: number | null) => (value === null ? null : fromKopecks(value));
  const byId = new Map(cards.map((card) => [card.id, card]));
  // A product deleted since the index was built has no card: the page is one shorter until the index catches up.
  const rows = answer.ids.flatMap((id) => byId.get(id) ?? []);
  return {
    products: rows.map((row) => {
      const price = companyPrice(
        { listKopecks: Number(row.listKopecks), dealerKopecks: Number(row.dealerKopecks), status: row.status, maxDiscountPercent: Number(row.maxDiscount) },
        undefined,
        pricing.contracts,
      );
      return {
      ID: row.id,
      ARTICLE: row.article,
      NAME: row.name,
      PRICE: Number(row.price),
      STATUS: row.status,
      IMAGE: row.image === null ? null : imageUrl(Number(row.image)),
      RESIDUE: Number(row.residue),
      PRICE_DEALER: fromKopecks(price.fullPriceKopecks),
      PRICE_NET: fromKopecks(price.priceKopecks),
      BOUGHT: row.bought,
      };
    }),
    count: rows.length,
    total: answer.total,
    page: answer.page,
    filters: answer.counts && { ...answer.counts, price: { min: roubles(answer.counts.price.min), max: roubles(answer.counts.price.max) } },
    without: answer.without,
  };
}

/**
 * The price type of the page and the company whose orders mark «bought before»: the rule of GET /api/product/prices
 * (`resolvePricing`: the company in use by its contracts, else the user's type, else list prices).
 */
async function pricingOf(db: Db, user: SignedInUser | null, partnerUid: string | undefined) {
  const pricing = await resolvePricing(db, user, { PARTNER: partnerUid });
  const halves = { ...priceTypeHalves(pricing.priceType), discountPercent: placeholderDiscountPercent(pricing.contracts) };
  return { pricing, halves, partnerId: pricing.partnerId ?? null };
}

type FiltersQuery = z.infer<typeof ZCatalogFiltersQuerySchema>;

async function pageOf(
  db: Db,
  index: CatalogIndex,
  user: SignedInUser | null,
  scopeOf: (groups: ProductsPart['groupTree']) => CatalogScope,
  page: number,
  query: FiltersQuery,
  filters: CatalogFilters = catalogFiltersOf(query),
): Promise<TCatalogPage> {
  const { snapshot, newSinceUs, cardsBeforePackage } = await index.current();
  const scope = scopeOf(snapshot.products.groupTree);
  const { pricing, halves, partnerId } = await pricingOf(db, user, query.PARTNER || undefined);
  const answer = answerPage(snapshot, {
    scope,
    filters,
    sort: query.sort,
    halves,
    page,
    pageSize: CATALOG_PAGE_SIZE,
    newSinceUs,
    withCounts: query.counts,
  });
  if (partnerId !== null) index.noteCompanyPage(partnerId);
  // With sizes chosen a card's stock is of those sizes: the dealer looking for size 42 needs its stock, not the product's.
  let cards: CatalogCard[];
  if (!cardsBeforePackage) cards = await repo.catalogCards(db, answer.ids, partnerId, filters.size);
  else if (partnerId === null || cardsBeforePackage.knowsBoughtOf(partnerId)) cards = cardsBeforePackage.cards(answer.ids, filters.size, partnerId);
  else cards = await withBought(db, cardsBeforePackage.cards(answer.ids, filters.size), partnerId);
  return toPage(answer, cards, pricing);
}

/**
 * While a 1C package is applied the cards come from memory (`CatalogIndex.whileApplying`), and so does the «bought
 * before» of the companies whose pages were asked lately (read with the cards; the session and the company's contracts
 * are kept in memory too: auth's `KnownSessions`, products' known-company-pricing.ts). Another company's «bought
 * before», which no package changes, is read from the database: on the embedded one that page waits for the commit.
 */
async function withBought(db: Db, cards: CatalogCard[], partnerId: number | null): Promise<CatalogCard[]> {
  if (partnerId === null || cards.length === 0) return cards;
  const bought = await repo.boughtBefore(db, cards.map((card) => card.id), partnerId);
  return cards.map((card) => ({ ...card, bought: bought.get(card.id) ?? null }));
}

/** A page of a group's products (the group and its sub-groups), or of the whole catalogue without a group. A page past the last is the last. */
export async function catalogProducts(
  db: Db,
  index: CatalogIndex,
  user: SignedInUser | null,
  query: TCatalogProductsQuery,
): Promise<TCatalogPage> {
  const group = query.group;
  return pageOf(db, index, user, (groups) => (group ? { groupCodes: subtreeCodes(groups, group) } : { all: true }), query.page, query);
}

/** The season sale: «пока есть на складе», so only what is in stock (of the chosen sizes, when sizes are chosen). */
export async function seasonSale(db: Db, index: CatalogIndex, user: SignedInUser | null, query: TSeasonSaleQuery): Promise<TCatalogPage> {
  return pageOf(db, index, user, () => ({ seasonSale: true }), query.page, query, { ...catalogFiltersOf(query), inStock: true });
}

export async function productImage(
  db: Db,
  storage: FileStorage,
  target: { imageId: number } | { productId: number },
): Promise<{ bytes: Buffer; mime: string }> {
  const image = 'imageId' in target ? await repo.findImage(db, target.imageId) : await repo.findProductImage(db, target.productId);
  const bytes = image ? await storage.get(image.storageKey) : null;
  if (!bytes) throw new AppError('NOT_FOUND', 'Изображение не найдено.');
  return { bytes, mime: sniffFileType(bytes)?.mime ?? 'application/octet-stream' };
}

/** The content service's catalogue (spec §3 "Catalogue"): the menu of groups and pages of products. */
import {
  CATALOG_FACETS,
  CATALOG_MAX_VALUES,
  CATALOG_SORT_LABELS,
  CATALOG_STATUS_VALUES,
  CATALOG_VALUE_SEPARATOR,
  PRODUCT_TYPE_LABELS,
  catalogPageAsked,
  isCatalogSort,
  type CatalogFilters,
  type CatalogSort,
} from '@portal/domain';
import { z } from 'zod';

export const ZCatalogZoneSchema = z.enum(['head', 'hands', 'body', 'feet']);
export type TCatalogZone = z.infer<typeof ZCatalogZoneSchema>;

export interface TCatalogGroup {
  code: string;
  name: string;
  zone: TCatalogZone | null;
  items: TCatalogGroup[];
}
export const ZCatalogGroupSchema: z.ZodType<TCatalogGroup> = z.lazy(() =>
  z.object({ code: z.string(), name: z.string(), zone: ZCatalogZoneSchema.nullable(), items: z.array(ZCatalogGroupSchema) }),
);

export const ZCatalogMenuSchema = z.array(ZCatalogGroupSchema);

/** A product card of a catalogue page (list prices: the content service is public). */
export const ZCatalogProductSchema = z.object({
  ID: z.number(),
  ARTICLE: z.string(),
  NAME: z.string(),
  PRICE: z.number(),
  STATUS: z.string(),
  IMAGE: z.string().nullable(),
  /** Units in stock over all offers. */
  RESIDUE: z.number(),
  /** The dealer's price: the product's price in the price type of the company in use (PARTNER); PRICE without one. */
  PRICE_DEALER: z.number(),
  /**
   * «Ваша цена»: what the order charges the company in use — PRICE_DEALER less the contract's discount (capped by
   * MAX_DISCOUNT, none for Outlet, Discount, Activity); PRICE_DEALER without a company.
   */
  PRICE_NET: z.number(),
  /** The date (YYYY-MM-DD, Moscow) of the company's last order of this product; null when never or without PARTNER. */
  BOUGHT: z.string().nullable(),
});
export type TCatalogProduct = z.infer<typeof ZCatalogProductSchema>;

export const ZCatalogPageSchema = z.object({
  products: z.array(ZCatalogProductSchema),
  /** Products on this page. */
  count: z.number(),
  /** Products in the group (or the sale) over all pages. */
  total: z.number(),
  page: z.number(),
  /**
   * Filter values with how many products each would leave (other filters applied); zero counts are listed too.
   * Null when asked with counts=0: they are the same on every page of a selection, so a client turning pages keeps
   * the ones it has.
   */
  filters: z.object({
    inStock: z.number(),
    type: z.array(z.object({ value: z.string(), count: z.number() })),
    season: z.array(z.object({ value: z.string(), count: z.number() })),
    size: z.array(z.object({ value: z.string(), count: z.number() })),
    protection: z.array(z.object({ value: z.string(), count: z.number() })),
    standard: z.array(z.object({ value: z.string(), count: z.number() })),
    status: z.array(z.object({ value: z.string(), count: z.number() })),
    /** The dealer's prices the other filters leave (null when none). */
    price: z.object({ min: z.number().nullable(), max: z.number().nullable() }),
  }).nullable(),
  /** For each filter that is set: how many products there would be without it (what to relax on an empty page); null with counts=0. */
  without: z.array(z.object({ filter: z.enum([...CATALOG_FACETS, 'inStock', 'price']), total: z.number() })).nullable(),
});
export type TCatalogPage = z.infer<typeof ZCatalogPageSchema>;
export type TCatalogFilterCounts = NonNullable<TCatalogPage['filters']>;
/** What a page says of its whole selection, whichever page: the filter counts and what each filter leaves out. */
export type TCatalogSelectionCounts = { filters: TCatalogFilterCounts; without: NonNullable<TCatalogPage['without']> };
/** A page as a screen shows it: with its selection's counts, asked with it or kept from another page. */
export type TCatalogPageWithCounts = TCatalogPage & TCatalogSelectionCounts;

const ZPageSchema = z
  .string()
  .optional()
  .transform((value, context) => {
    const page = catalogPageAsked(value);
    if (page === null) {
      context.addIssue({ code: 'custom', message: 'page должен быть целым числом от 1.' });
      return z.NEVER;
    }
    return page;
  });

/** A list of facet values, comma-separated (`size=9,10`). */
const valuesOf = (allowed?: readonly string[]) =>
  z
    .string()
    .optional()
    .transform((raw, context) => {
      const values = [...new Set((raw ?? '').split(CATALOG_VALUE_SEPARATOR).map((value) => value.trim()).filter((value) => value !== ''))];
      if (values.length > CATALOG_MAX_VALUES || values.some((value) => value.length > 64)) {
        context.addIssue({ code: 'custom', message: `не больше ${CATALOG_MAX_VALUES} значений через запятую, каждое до 64 символов.` });
        return z.NEVER;
      }
      const unknown = allowed ? values.filter((value) => !allowed.includes(value)) : [];
      if (unknown.length > 0) {
        context.addIssue({
          code: 'custom',
          message: `неизвестное значение «${unknown[0]!.slice(0, 64)}». Допустимо: ${allowed!.join(', ')}.`,
        });
        return z.NEVER;
      }
      return values;
    });

/** A dealer's price bound in roubles: up to two decimals. */
const priceBound = () =>
  z
    .string()
    .optional()
    .transform((raw, context) => {
      const text = (raw ?? '').trim().replace(',', '.');
      if (text === '') return null;
      if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) {
        context.addIssue({ code: 'custom', message: `цена в рублях: число от 0, не больше двух знаков после точки, например 1500 или 1499.90.` });
        return z.NEVER;
      }
      return Number(text);
    });

/** A switch given as 1 or 0; absent or empty is `whenEmpty`; anything else is refused with `message`. */
const switchOf = (whenEmpty: boolean, message: string) =>
  z
    .string()
    .optional()
    .transform((raw, context) => {
      if (raw === undefined || raw === '') return whenEmpty;
      if (raw === '1' || raw === '0') return raw === '1';
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    });

/**
 * Filters and sort of a catalogue page (issue 15), beside the spec's group and page. PARTNER (the company in use,
 * with a session) prices the page in the company's price type: the dealer's price filters and sorts.
 */
const catalogFiltersShape = {
    stock: switchOf(false, '1 — только товары в наличии, 0 или пусто — все.'),
    type: valuesOf(Object.keys(PRODUCT_TYPE_LABELS)),
    season: valuesOf(),
    size: valuesOf(),
    protection: valuesOf(),
    standard: valuesOf(),
    status: valuesOf(CATALOG_STATUS_VALUES),
    priceFrom: priceBound(),
    priceTo: priceBound(),
    sort: z
      .string()
      .optional()
      .transform((raw, context): CatalogSort => {
        const value = raw ?? '';
        if (isCatalogSort(value)) return value;
        context.addIssue({
          code: 'custom',
          message: `неизвестная сортировка «${value.slice(0, 32)}». Допустимо: ${Object.keys(CATALOG_SORT_LABELS).filter(Boolean).join(', ')} или пусто.`,
        });
        return z.NEVER;
      }),
    PARTNER: z.string().trim().max(64, 'PARTNER слишком длинный.').optional(),
    counts: switchOf(true, '1 или пусто — страница со счётчиками фильтров, 0 — только страница.'),
};

const priceRangeInOrder = (query: { priceFrom: number | null; priceTo: number | null }, context: z.RefinementCtx) => {
  if (query.priceFrom !== null && query.priceTo !== null && query.priceFrom > query.priceTo) {
    context.addIssue({ code: 'custom', path: ['priceFrom'], message: 'priceFrom больше priceTo: укажите диапазон цен от меньшей к большей.' });
  }
};

export const ZCatalogFiltersQuerySchema = z.object(catalogFiltersShape).superRefine(priceRangeInOrder);

/** The filters of a validated query, in the domain's shape. */
export function catalogFiltersOf(query: z.infer<typeof ZCatalogFiltersQuerySchema>): CatalogFilters {
  const { stock, type, season, size, protection, standard, status, priceFrom, priceTo } = query;
  return { inStock: stock, type, season, size, protection, standard, status, priceFrom, priceTo };
}

export const ZCatalogProductsQuerySchema = z
  .object({
    group: z.string().trim().max(64, 'group слишком длинный.').optional(),
    page: ZPageSchema,
    ...catalogFiltersShape,
  })
  .superRefine(priceRangeInOrder);
export type TCatalogProductsQuery = z.infer<typeof ZCatalogProductsQuerySchema>;

export const ZSeasonSaleQuerySchema = z.object({ page: ZPageSchema, ...catalogFiltersShape }).superRefine(priceRangeInOrder);
export type TSeasonSaleQuery = z.infer<typeof ZSeasonSaleQuerySchema>;

/** Product search (spec §3 "Product", "Offer", "Product search result"; §7 GET /product/search), suggestions and certificates. */
import { SEARCH_OPTIONS, SEARCH_QUERY_MAX_LENGTH, SUGGESTION_MIN_LENGTH } from '@portal/domain';
import { z } from 'zod';

/** A product's main picture (the content service answers 404 when it has none). */
export const productImagePath = (productId: number | string) => `/api/content/products/${productId}/image`;

export const ZProductPropertySchema = z.object({ NAME: z.string(), VALUE: z.string() });

/** Spec §3 "Product". PRICE is the list price; PRICE_OPT is the viewer's price by price type (the list price when signed out). */
export const ZProductSchema = z.object({
  ID: z.number(),
  UID: z.string(),
  NAME: z.string(),
  /** 'wear' or 'shoes'. */
  TYPE: z.string(),
  ARTICLE: z.string(),
  PRICE: z.number(),
  PRICE_OPT: z.number(),
  /**
   * Ours: «Ваша цена» — what an order charges the company in use (PARTNER) for it: PRICE_OPT less the contract's
   * discount (capped by MAX_DISCOUNT, none for Outlet, Discount, Activity); PRICE_OPT without a company.
   */
  PRICE_NET: z.number(),
  WEIGHT: z.number(),
  VALUME: z.number(),
  DETAIL_TEXT: z.string(),
  /** '' or Outlet, Discount, Activity. */
  STATUS: z.string(),
  VIDEO: z.string().nullable(),
  /** Properties of the product (material, season, protection…); sizes are the offers' CHARACTERISTIC. */
  CHARACTERISTICS: z.array(ZProductPropertySchema),
  MAX_DISCOUNT: z.number(),
});
export type TProduct = z.infer<typeof ZProductSchema>;

/** Spec §3 "Offer": one size or height of the product shipped by one organisation (ORGGUID), with its stock. */
export const ZOfferSchema = z.object({
  ID: z.number(),
  CHARACTERISTIC: z.string(),
  RESIDUE: z.number(),
  /** The viewer's price of this offer, by price type (with PARTNER: that company's contract with ORGGUID). */
  PRICE: z.number(),
  /** Ours: the offer's list (retail) price, shown beside the viewer's; absent in offers the client builds itself. */
  PRICE_LIST: z.number().optional(),
  /** Ours: «Ваша цена» of the offer — PRICE less the contract's discount, what the order line is charged; absent in offers the client builds. */
  PRICE_NET: z.number().optional(),
  /** Next supply: "<quantity>/<dd.mm.yyyy>", or empty. */
  PPDATA: z.string(),
  GUID: z.string(),
  ORGGUID: z.string(),
});
export type TOffer = z.infer<typeof ZOfferSchema>;

/** One product of the result list (FOUND). */
export const ZFoundProductSchema = z.object({
  ID: z.number(),
  ARTICLE: z.string(),
  NAME: z.string(),
  PRICE: z.number(),
  PRICE_OPT: z.number(),
  /** Ours: «Ваша цена», as PRODUCT's. */
  PRICE_NET: z.number(),
  STATUS: z.string(),
  IMAGE: z.string().nullable(),
});
export type TFoundProduct = z.infer<typeof ZFoundProductSchema>;

export const ZPriceTypeSchema = z.object({ id: z.string(), name: z.string() });

/** Spec §3 "Product search result": PRODUCT is the best match, FOUND every match (best first, at most 20). */
export const ZProductSearchResultSchema = z.object({
  PRODUCT: ZProductSchema,
  OFFERS: z.array(ZOfferSchema),
  FOUND: z.array(ZFoundProductSchema),
  /** Image addresses, first is the main one. */
  IMAGES: z.array(z.string()),
  PROTECT: z.string(),
  VIDEO: z.string().nullable(),
  /** The price type the prices are in (ours: the client shows which prices it sees). */
  PRICETYPE: ZPriceTypeSchema,
});
export type TProductSearchResult = z.infer<typeof ZProductSearchResultSchema>;

/** The most products one prices request covers: a catalogue page is 25. */
export const PRICES_MAX_IDS = 100;

const partnerUid = z
  .string({ error: 'Укажите PARTNER — uid вашей компании.' })
  .trim()
  .min(1, 'PARTNER пуст: укажите uid вашей компании.')
  .max(64, 'PARTNER слишком длинный: укажите uid вашей компании.');

const queryText = (what: string) =>
  z
    .string({ error: `Укажите QUERY — ${what}.` })
    .trim()
    .min(1, `QUERY пуст: укажите ${what}.`)
    .max(SEARCH_QUERY_MAX_LENGTH, `QUERY длиннее ${SEARCH_QUERY_MAX_LENGTH} символов: сократите запрос.`);

export const ZProductSearchQuerySchema = z.object({
  QUERY: queryText('артикул, название или id товара'),
  OPTION: z.coerce
    .number({ error: 'OPTION должен быть числом: 0 (артикул), 2 (название) или 9 (id).' })
    .refine((value) => (SEARCH_OPTIONS as readonly number[]).includes(value), {
      message: 'Неизвестный OPTION: используйте 0 (артикул), 2 (название) или 9 (id).',
    })
    .default(2),
  /** One of the signed-in user's own price types; empty or absent = the user's first one (public: list prices). */
  PRICEUID: z.string().max(64, 'PRICEUID слишком длинный.').optional(),
  /**
   * Ours: the uid of the signed-in user's company whose prices to show — each offer at the price type of the company's
   * contract with the offer's organisation, the product at that of its placeholder offer (FRO), each less the
   * contract's discount in PRICE_NET. Not together with PRICEUID.
   */
  PARTNER: partnerUid.optional(),
});
export type TProductSearchQuery = z.infer<typeof ZProductSearchQuerySchema>;

/** GET /api/product/prices (ours): a company's prices of catalogue products, for the catalogue's cards. */
export const ZProductPricesQuerySchema = z.object({
  IDS: z
    .string({ error: 'Укажите IDS — id товаров через запятую.' })
    .regex(/^\d{1,9}(,\d{1,9})*$/, 'IDS — id товаров через запятую, например 12,15,40.')
    .transform((value) => [...new Set(value.split(',').map(Number))])
    .refine((ids) => ids.length <= PRICES_MAX_IDS, `Не больше ${PRICES_MAX_IDS} товаров за раз.`),
  PARTNER: partnerUid,
});
export type TProductPricesQuery = z.infer<typeof ZProductPricesQuerySchema>;

export const ZProductPriceSchema = z.object({
  ID: z.number(),
  /** The list (retail) price. */
  PRICE: z.number(),
  /** The company's price before its discount: the product's price in its placeholder's (FRO) contract's price type. */
  PRICE_OPT: z.number(),
  /** «Ваша цена»: PRICE_OPT less the contract's discount, what the order charges. */
  PRICE_NET: z.number(),
});
export const ZProductPricesSchema = z.object({ PRICETYPE: ZPriceTypeSchema, PRICES: z.array(ZProductPriceSchema) });
export type TProductPrices = z.infer<typeof ZProductPricesSchema>;

export const ZSuggestionsQuerySchema = z.object({
  QUERY: queryText('начало артикула или слова названия').refine((value) => value.length >= SUGGESTION_MIN_LENGTH, {
    message: `Введите хотя бы ${SUGGESTION_MIN_LENGTH} символа.`,
  }),
});

export const ZSuggestionSchema = z.object({ ID: z.number(), ARTICLE: z.string(), NAME: z.string() });
export type TSuggestion = z.infer<typeof ZSuggestionSchema>;

export const ZCertificateSchema = z.object({
  id: z.number(),
  name: z.string(),
  number: z.string(),
  /** ISO date, or null when the certificate has no end date. */
  validUntil: z.string().nullable(),
  article: z.string(),
  url: z.string(),
});
export type TCertificate = z.infer<typeof ZCertificateSchema>;

export const ZCertificatesQuerySchema = z.object({ article: queryText('артикул') });

export const ZCertificatesByArticlesSchema = z.object({
  articles: z
    .array(z.string().trim().min(1, 'Пустой артикул в списке: уберите его.').max(SEARCH_QUERY_MAX_LENGTH), {
      error: 'Передайте articles — список артикулов.',
    })
    .min(1, 'Список articles пуст: укажите хотя бы один артикул.')
    .max(500, 'Не больше 500 артикулов за раз.'),
});
export type TCertificatesByArticles = z.infer<typeof ZCertificatesByArticlesSchema>;

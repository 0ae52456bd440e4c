/** The content service's catalogue (spec §3 "Catalogue"): the menu of groups and pages of products. */
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
});
export type TCatalogProduct = z.infer<typeof ZCatalogProductSchema>;

export const ZCatalogPageSchema = z.object({
  products: z.array(ZCatalogProductSchema),
  /** Products on this page. */
  count: z.number(),
  /** Products in the group (or the sale) over all pages. */
  total: z.number(),
  page: z.number(),
});
export type TCatalogPage = z.infer<typeof ZCatalogPageSchema>;

const ZPageSchema = z
  .string()
  .optional()
  .transform((value, context) => {
    if (value === undefined || value === '') return 1;
    if (!/^\d{1,7}$/.test(value) || Number(value) < 1) {
      context.addIssue({ code: 'custom', message: 'page должен быть целым числом от 1.' });
      return z.NEVER;
    }
    return Number(value);
  });

export const ZCatalogProductsQuerySchema = z.object({
  group: z.string().trim().max(64, 'group слишком длинный.').optional(),
  page: ZPageSchema,
});
export type TCatalogProductsQuery = z.infer<typeof ZCatalogProductsQuerySchema>;

export const ZSeasonSaleQuerySchema = z.object({ page: ZPageSchema });

/** Delivery addresses, address suggestions and shipments (spec §3 "Other records", §7). */
import { z } from 'zod';

/** Spec §3 "Delivery address": `index` is the address's stable number (it does not shift when another is deleted). */
export const ZDeliveryAddressSchema = z.object({ index: z.number().int(), label: z.string() });
export type TDeliveryAddress = z.infer<typeof ZDeliveryAddressSchema>;

const label = z
  .string({ error: 'Укажите адрес в поле label.' })
  .trim()
  .min(5, 'Адрес слишком короткий: укажите город, улицу и дом.')
  .max(300, 'Адрес длиннее 300 символов: сократите его.');
const index = z.number({ error: 'Укажите index — номер адреса из списка.' }).int('index должен быть целым числом.').positive('index должен быть положительным.');

export const ZDeliveryAddBodySchema = z.object({ label });
export const ZDeliveryDeleteBodySchema = z.object({ index });
export const ZDeliveryUpdateBodySchema = z.object({ index, label });
export type TDeliveryAddBody = z.infer<typeof ZDeliveryAddBodySchema>;
export type TDeliveryUpdateBody = z.infer<typeof ZDeliveryUpdateBodySchema>;

/** POST /api/user/delivery/{add,delete,update} answer `response.data` (spec §7). */
export const ZDeliveryListResponseSchema = z.object({ data: z.array(ZDeliveryAddressSchema) });
export type TDeliveryListResponse = z.infer<typeof ZDeliveryListResponseSchema>;

/**
 * POST /suggestions/api/4_1/rs/suggest/address: the request and answer of the public address-suggestion service of
 * that path (its other request options are accepted and ignored by the built-in provider).
 */
export const ZAddressSuggestRequestSchema = z.looseObject({
  query: z.string({ error: 'Укажите query — начало адреса.' }).trim().min(1, 'Укажите query — начало адреса.').max(300, 'query длиннее 300 символов.'),
  count: z.coerce.number().int().min(1, 'count от 1 до 20.').max(20, 'count от 1 до 20.').default(10),
});
export type TAddressSuggestRequest = z.infer<typeof ZAddressSuggestRequestSchema>;

export const ZAddressDataSchema = z.looseObject({
  postal_code: z.string().nullable(),
  country: z.string().nullable(),
  region: z.string().nullable(),
  region_type: z.string().nullable(),
  region_with_type: z.string().nullable(),
  city: z.string().nullable(),
  city_type: z.string().nullable(),
  city_with_type: z.string().nullable(),
  street: z.string().nullable(),
  street_type: z.string().nullable(),
  street_with_type: z.string().nullable(),
  house: z.string().nullable(),
  house_type: z.string().nullable(),
});
export const ZAddressSuggestionSchema = z.object({
  value: z.string(),
  unrestricted_value: z.string(),
  data: ZAddressDataSchema.partial(),
});
export type TAddressSuggestion = z.infer<typeof ZAddressSuggestionSchema>;
export const ZAddressSuggestResponseSchema = z.object({ suggestions: z.array(ZAddressSuggestionSchema) });
export type TAddressSuggestResponse = z.infer<typeof ZAddressSuggestResponseSchema>;

export const ZAttachedFileSchema = z.object({ id: z.number(), name: z.string(), mime: z.string(), size: z.number() });
export type TAttachedFile = z.infer<typeof ZAttachedFileSchema>;

/** Spec §3 "Shipment" (id, bitrix_id, partner_guid, partner_name, order) with what the request carried and its status. */
export const ZShipmentSchema = z.object({
  id: z.number(),
  /** The back office's id; null until the back office has registered the request. */
  bitrix_id: z.number().nullable(),
  guid: z.string(),
  partner_guid: z.string(),
  partner_name: z.string(),
  /** The order number (n of the order list); null for a shipment the back office made without a portal order. */
  order: z.number().nullable(),
  address: z.string(),
  /** Wanted shipment date, YYYY-MM-DD. */
  date: z.string(),
  comment: z.string(),
  status: z.string(),
  created_at: z.string(),
  files: z.array(ZAttachedFileSchema),
});
export type TShipment = z.infer<typeof ZShipmentSchema>;

/** Multipart text fields of POST /api/user/shipments/add (files go in `files`). */
export const ZShipmentRequestFieldsSchema = z.object({
  order: z
    .string({ error: 'Выберите заказ для отгрузки (поле order).' })
    .trim()
    .regex(/^\d{1,9}$/, 'Номер заказа (order) должен быть числом.')
    .transform(Number)
    .meta({ description: 'The number of the order to ship (one of GET /api/user/shipments/orders).' }),
  address: z
    .string({ error: 'Укажите адрес доставки (поле address).' })
    .trim()
    .min(5, 'Укажите адрес доставки: город, улицу и дом.')
    .max(300, 'Адрес доставки длиннее 300 символов.'),
  date: z
    .string({ error: 'Укажите дату отгрузки (поле date).' })
    .trim()
    .min(1, 'Укажите дату отгрузки (поле date).')
    .meta({ description: 'The day to ship, DD.MM.YYYY, not before today in Moscow.' }),
  comment: z.string().trim().max(2000, 'Комментарий длиннее 2000 символов: сократите его.').default(''),
});
export type TShipmentRequestFields = z.infer<typeof ZShipmentRequestFieldsSchema>;

/** An order a shipment can be requested for (the request form's choice). */
export const ZShippableOrderSchema = z.object({
  n: z.number(),
  name: z.string(),
  date: z.string(),
  partner_guid: z.string(),
  partner_name: z.string(),
});
export type TShippableOrder = z.infer<typeof ZShippableOrderSchema>;

export const ZShipmentCreatedSchema = z.object({ id: z.number() });

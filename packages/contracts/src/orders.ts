/**
 * Orders (spec §3 "Order payload sent", "Order list item", §7 order calls): what the client submits, what the server
 * answers for the history, one order's detail, document statuses and bill requests.
 */
import { ORDER_DOCUMENT_KINDS, ORDER_LINE_QUANTITY_MAX } from '@portal/domain';
import { z } from 'zod';
import { ZApiErrorSchema } from './envelope';
import { TEXT_LIMITS } from './limits';

/**
 * The limits of the order's number fields: the schemas below and the browser's inputs take them from here, so a
 * value the form accepts is one the server accepts. A line's quantity is checked by the domain (order problems name
 * the line), within the same limit.
 */
export const ORDER_LIMITS = {
  quantity: { min: 1, max: ORDER_LINE_QUANTITY_MAX },
  /** Roubles, two decimals. */
  deliveryCost: { min: 0, max: 10_000_000 },
  bags: { min: 0, max: 100_000 },
  /** Roubles: what the client showed (checked against the server's prices to the kopeck). */
  price: { min: 0, max: 1_000_000_000 },
} as const;
const limitText = (value: number) => value.toLocaleString('ru-RU');

/**
 * One characteristic line as sent. `guid` is the offer's GUID (for a product without offers, the product's UID: its
 * «Только под заказ» line), `orgguid` its ORGGUID. Prices are what the client showed: a unit price other than the
 * server's refuses the order (409 PRICES_CHANGED) with the server's prices to confirm. Count rules (an integer above
 * 0) are checked by the service so the message names the line.
 */
export const ZOrderLinePayloadSchema = z.object({
  guid: z.string({ error: 'У строки заказа нет guid предложения.' }).min(1, 'У строки заказа нет guid предложения.'),
  orgguid: z.string({ error: 'У строки заказа нет orgguid.' }).default(''),
  quantity: z.number({ error: 'Количество в строке заказа: укажите число.' }),
  price: z.number().min(0, 'Цена строки не может быть отрицательной.').max(ORDER_LIMITS.price.max, 'Цена строки слишком велика: проверьте число.').default(0),
  fullprice: z.number().min(0, 'Цена строки не может быть отрицательной.').max(ORDER_LIMITS.price.max, 'Цена строки слишком велика: проверьте число.').default(0),
  /** A fraction: 0.12 is 12 %. */
  discount: z.number().min(0).max(1).default(0),
});
export type TOrderLinePayload = z.infer<typeof ZOrderLinePayloadSchema>;

export const ZOrderPositionPayloadSchema = z.object({
  guid: z.string({ error: 'У позиции нет guid товара.' }).min(1, 'У позиции нет guid товара.'),
  characteristics: z.array(ZOrderLinePayloadSchema).max(500, 'Слишком много характеристик в позиции: не больше 500.'),
});
export type TOrderPositionPayload = z.infer<typeof ZOrderPositionPayloadSchema>;

export const ZDeliveryCaseSchema = z.enum(['pickup', 'delivery', 'other'], {
  error: 'Способ доставки: pickup (самовывоз), delivery (доставка) или other (другое).',
});

export const ZDeliverySchema = z.object({
  address: z.string().max(500, 'Адрес доставки слишком длинный: не больше 500 символов.').default(''),
  case: ZDeliveryCaseSchema.default('pickup'),
  /** 'YYYY-MM-DD' (or dd.mm.yyyy); '' when not chosen. */
  date: z.string().max(32).default(''),
  cost: z
    .number({ error: 'Стоимость доставки: укажите число.' })
    .min(ORDER_LIMITS.deliveryCost.min, 'Стоимость доставки не может быть отрицательной.')
    .max(ORDER_LIMITS.deliveryCost.max, `Стоимость доставки не больше ${limitText(ORDER_LIMITS.deliveryCost.max)} ₽: проверьте число.`)
    .default(0),
  bill_to: z.string().max(500).default(''),
});
export type TDelivery = z.infer<typeof ZDeliverySchema>;

const bagCount = z
  .number({ error: 'Число пакетов: укажите число.' })
  .int('Число пакетов должно быть целым.')
  .min(ORDER_LIMITS.bags.min, 'Число пакетов не может быть отрицательным.')
  .max(ORDER_LIMITS.bags.max, `Пакетов не больше ${limitText(ORDER_LIMITS.bags.max)}: проверьте число.`)
  .default(0);
export const ZBagsSchema = z.object({ wear: bagCount, wear_pre: bagCount, shoes: bagCount, shoes_pre: bagCount });

/** The number of a rejected order «На согласовании» an order is sent instead of. */
export const ZReplacedApprovalSchema = z
  .number({ error: 'replaces_approval — номер отклонённого заказа на согласовании: укажите число.' })
  .int('replaces_approval — номер отклонённого заказа на согласовании: укажите целое число.')
  .positive('replaces_approval — номер отклонённого заказа на согласовании: укажите число больше 0.')
  .max(2_147_483_647, 'replaces_approval — такого номера заказа на согласовании нет: проверьте число.');

/** Spec §3 "Order payload sent". The server decides the stock split, so every line may come in `position`. */
export const ZOrderPayloadSchema = z.object({
  id: z.number().optional(),
  edit: z.boolean().default(false),
  reserved: z.boolean().optional(),
  comment: z.string().max(2000, 'Комментарий слишком длинный: не больше 2000 символов.').default(''),
  delivery: ZDeliverySchema.default({ address: '', case: 'pickup', date: '', cost: 0, bill_to: '' }),
  request_certificate: z.boolean().default(false),
  total: z.number().optional(),
  count: z.number().optional(),
  partner_id: z.string({ error: 'Выберите компанию: partner_id — uid компании.' }).min(1, 'Выберите компанию: partner_id — uid компании.'),
  /** Ours, optional: the contract (its organisation guid) the dealer chose; must be the company's. */
  storage: z.string().max(TEXT_LIMITS.line).optional(),
  bags: ZBagsSchema.default({ wear: 0, wear_pre: 0, shoes: 0, shoes_pre: 0 }),
  name: z.string().max(200).optional(),
  /**
   * Ours, optional: the purchaser's rejected order «На согласовании» this one is sent instead of («Изменить и отправить
   * снова»); it must be their own in this company. That one leaves the lists, the purchaser's other rejected ones stay.
   */
  replaces_approval: ZReplacedApprovalSchema.optional(),
  position: z.array(ZOrderPositionPayloadSchema).max(1000, 'Слишком много позиций: не больше 1000.').default([]),
  position_presail: z.array(ZOrderPositionPayloadSchema).max(1000, 'Слишком много позиций: не больше 1000.').default([]),
});
export type TOrderPayload = z.input<typeof ZOrderPayloadSchema>;
export type TOrderPayloadParsed = z.infer<typeof ZOrderPayloadSchema>;

export const ZOrderSubmitResultSchema = z.object({
  /** The order number (n in the order list). */
  id: z.number(),
  /** What the server says about the order (units on pre-order), in Russian, after the order's number. */
  message: z.string(),
  /**
   * Ours: the order is kept «На согласовании» (a purchaser's limit or the contract's credit) — the id of its approval;
   * `id` is then 0, the order gets its number once an administrator approves it.
   */
  approval: z.number().optional(),
});
export type TOrderSubmitResult = z.infer<typeof ZOrderSubmitResultSchema>;

/** Why a line costs other than the client showed (domain price-changes.ts). */
export const ZPriceChangeReasonSchema = z.enum(['price_type', 'list_price', 'contract_discount', 'max_discount', 'no_discount_status', 'price']);
export type TPriceChangeReason = z.infer<typeof ZPriceChangeReasonSchema>;

/** One line whose sent price is not the charged one: roubles per unit, discounts in percent. */
export const ZPriceChangeSchema = z.object({
  /** The offer's guid (the product's uid for its «Только под заказ» line). */
  guid: z.string(),
  product_guid: z.string(),
  article: z.string(),
  characteristic: z.string(),
  quantity: z.number(),
  old_price: z.number(),
  new_price: z.number(),
  old_fullprice: z.number(),
  new_fullprice: z.number(),
  old_discount: z.number(),
  new_discount: z.number(),
  reason: ZPriceChangeReasonSchema,
  /** The reason in Russian, for the dealer. */
  reason_text: z.string(),
});
export type TPriceChange = z.infer<typeof ZPriceChangeSchema>;

/**
 * 409 PRICES_CHANGED: the order was not stored because a sent price differs from the charged one. `order` is the
 * server's priced order in the request's own shape (sent back, it places exactly that order); `changes` says which
 * lines changed and why; `totals` the total as sent and as charged (roubles).
 */
export const ZPricesChangedErrorSchema = z.object({
  code: z.literal('PRICES_CHANGED'),
  message: z.string(),
  order: ZOrderPayloadSchema,
  changes: z.array(ZPriceChangeSchema),
  totals: z.object({ old: z.number(), new: z.number() }),
});
export type TPricesChangedError = z.infer<typeof ZPricesChangedErrorSchema>;

/** The 409 answers of submitting and editing: prices to confirm, or another conflict (a key, a status, stock). */
export const ZOrderConflictEnvelopeSchema = z
  .object({ error: z.union([ZPricesChangedErrorSchema, ZApiErrorSchema]), response: z.null() })
  .meta({ id: 'OrderConflictEnvelope' });

export const ZOrderIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'Номер заказа — число.' }).int('Номер заказа — целое число.').positive('Номер заказа — число больше 0.'),
});

/** Spec §3: doc_status of a check. */
export const ZDocStatusSchema = z.object({
  id: z.string(),
  StatusSchet: z.boolean(),
  StatusSF: z.boolean(),
  StatusUPD: z.boolean(),
  StatusUPK: z.boolean(),
});
export type TDocStatus = z.infer<typeof ZDocStatusSchema>;

/** A check (bill) of one organisation of the order. */
export const ZOrderCheckSchema = z.object({
  guid: z.string(),
  id: z.string(),
  /** Organisation guid and name. */
  org: z.string(),
  org_name: z.string(),
  status: z.number(),
  status_name: z.string(),
  total: z.number(),
  doc_status: ZDocStatusSchema,
});
export type TOrderCheck = z.infer<typeof ZOrderCheckSchema>;

/**
 * What 1C last said of a check (its order document in 1C): the document's number in 1C ('' when 1C sent only dates)
 * and the payment and shipment days, 'YYYY-MM-DD' calendar dates, null until 1C set them.
 */
export const ZCheckErpStateSchema = z.object({
  number: z.string(),
  paidOn: z.string().nullable(),
  shippedOn: z.string().nullable(),
});
export type TCheckErpState = z.infer<typeof ZCheckErpStateSchema>;

/** A check on the order detail page: with what 1C said of it, null when 1C has said nothing. */
export const ZOrderPageCheckSchema = ZOrderCheckSchema.extend({ erp: ZCheckErpStateSchema.nullable() });
export type TOrderPageCheck = z.infer<typeof ZOrderPageCheckSchema>;

/** Spec §3 "Order list item", with the totals the history shows. `date` is unix seconds. */
export const ZOrderListItemSchema = z.object({
  n: z.number(),
  name: z.string(),
  date: z.number(),
  partner_guid: z.string(),
  partner_name: z.string(),
  reserved: z.boolean(),
  checks: z.array(ZOrderCheckSchema),
  upd: z.boolean(),
  edit: z.boolean(),
  total: z.number(),
  count: z.number(),
  total_count: z.number(),
  /** Ours: units of the order on pre-order (not reserved, billed after arrival); the history's badge says so. */
  preorder_count: z.number().default(0),
});
export type TOrderListItem = z.infer<typeof ZOrderListItemSchema>;

export const ZOrderLineSchema = z.object({
  ID: z.string(),
  CHARACTERISTIC: z.string(),
  PRICE: z.number(),
  fullprice: z.number(),
  price_discount: z.number(),
  count: z.number(),
  RESIDUE: z.number(),
  RESERVED: z.number().optional(),
  MAX_DISCOUNT: z.number(),
  PPDATA: z.string(),
  GUID: z.string(),
  ORGGUID: z.string(),
  discount: z.number(),
});

export const ZOrderPositionSchema = z.object({
  guid: z.string(),
  article: z.string(),
  product: z.object({ ID: z.string(), ARTICLE: z.string(), NAME: z.string(), UID: z.string() }),
  type: z.string(),
  characteristics: z.array(ZOrderLineSchema),
  count: z.number(),
  total: z.number(),
  total_discount: z.number(),
  status: z.string(),
  weight: z.number(),
  volume: z.number(),
  preorder: z.boolean(),
});
export type TOrderPosition = z.infer<typeof ZOrderPositionSchema>;

/** GET /user/order/{id}: what «create from», «edit» and a claim need. */
export const ZOrderDetailSchema = z.object({
  n: z.number(),
  name: z.string(),
  date: z.number(),
  edit: z.boolean(),
  partner_id: z.string(),
  partner_name: z.string(),
  position: z.array(ZOrderPositionSchema),
  position_presail: z.array(ZOrderPositionSchema),
  comment: z.string(),
  delivery: z.object({ address: z.string(), case: ZDeliveryCaseSchema, date: z.string(), cost: z.number(), bill_to: z.string() }),
  bags: z.object({ wear: z.number(), wear_pre: z.number(), shoes: z.number(), shoes_pre: z.number() }),
  count: z.number(),
  total_count: z.number(),
  total: z.number(),
  total_discount: z.number(),
  request_certificate: z.boolean(),
  reserved: z.boolean(),
  checks: z.array(ZOrderCheckSchema),
});
export type TOrderDetail = z.infer<typeof ZOrderDetailSchema>;

export const ZOrderPrintQuerySchema = z.object({
  id: z.coerce.number({ error: 'Укажите id — номер заказа.' }).int().positive('Укажите id — номер заказа.'),
  name: z.string({ error: 'Укажите name — какой документ печатать (invoice).' }).min(1, 'Укажите name — какой документ печатать (invoice).'),
});

/** POST /user/request/check/{id}: the check to request a bill for ({id} is the order number). */
export const ZBillRequestSchema = z.object({
  guid: z.string({ error: 'Укажите guid счёта.' }).min(1, 'Укажите guid счёта.'),
});

/** Orders a history page shows; the next page starts below the last number shown (`before`). */
export const ORDER_HISTORY_PAGE_SIZE = 20;

/** A query field left empty in a form means "not set". */
const unsetWhenEmpty = (value: unknown) => (value === '' ? undefined : value);

/**
 * GET /orders/history: the history's search and filters. `q` finds an order by its number, an article of its lines
 * (spaces, hyphens and case do not matter), its name or comment; `status` a check status; `company` a company's uid;
 * `month` a calendar month (spec §5), Moscow time; `before` pages on (orders numbered below it).
 */
export const ZOrderHistoryQuerySchema = z.object({
  q: z.preprocess(unsetWhenEmpty, z.string().trim().max(100, 'Поиск: не длиннее 100 символов.').optional()),
  status: z.preprocess(
    unsetWhenEmpty,
    z.coerce
      .number({ error: 'Статус — число (код статуса счёта).' })
      .int('Статус — целое число (код статуса счёта).')
      .min(0, 'Статус — число от 0 до 99.')
      .max(99, 'Статус — число от 0 до 99.')
      .optional(),
  ),
  company: z.preprocess(unsetWhenEmpty, z.string().max(TEXT_LIMITS.line, 'Компания: uid слишком длинный.').optional()),
  month: z.preprocess(
    unsetWhenEmpty,
    z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Период — календарный месяц в виде ГГГГ-ММ, например 2026-02.')
      .optional(),
  ),
  before: z.preprocess(
    unsetWhenEmpty,
    z.coerce
      .number({ error: 'before — номер заказа, с которого продолжить.' })
      .int('before — целый номер заказа.')
      .positive('before — номер заказа больше 0.')
      .max(2_147_483_647, 'before — слишком большой номер заказа.')
      .optional(),
  ),
});
export type TOrderHistoryQuery = z.infer<typeof ZOrderHistoryQuerySchema>;

/** One page of the history: `next` is the `before` of the following page, null on the last one. */
export const ZOrderHistoryPageSchema = z.object({
  items: z.array(ZOrderListItemSchema),
  next: z.number().nullable(),
});
export type TOrderHistoryPage = z.infer<typeof ZOrderHistoryPageSchema>;

export const ZOrderDocumentKindSchema = z.enum(ORDER_DOCUMENT_KINDS, {
  error: 'Вид документа: bill (счёт), sf (счёт-фактура), upd (УПД) или upk (УПК).',
});

/** A document file the back office sent for a check; downloaded from `url`. */
export const ZOrderDocumentFileSchema = z.object({
  id: z.number(),
  check_guid: z.string(),
  org_name: z.string(),
  kind: ZOrderDocumentKindSchema,
  kind_name: z.string(),
  number: z.string(),
  /** 'YYYY-MM-DD' or ''. */
  issued_on: z.string(),
  file_name: z.string(),
  size: z.number(),
  /** Unix seconds. */
  received: z.number(),
  url: z.string(),
});
export type TOrderDocumentFile = z.infer<typeof ZOrderDocumentFileSchema>;

/** One entry of the order's status timeline, oldest first; `text` says it in Russian. */
export const ZOrderTimelineEntrySchema = z.object({
  /** Unix seconds. */
  at: z.number(),
  event: z.enum(['created', 'edited', 'check_status', 'document']),
  text: z.string(),
  check_guid: z.string().nullable(),
  status: z.number().nullable(),
});
export type TOrderTimelineEntry = z.infer<typeof ZOrderTimelineEntrySchema>;

/** GET /orders/{id}: the order detail page — the order, its documents and its status timeline. */
export const ZOrderPageSchema = ZOrderDetailSchema.extend({
  checks: z.array(ZOrderPageCheckSchema),
  preorder_count: z.number(),
  documents: z.array(ZOrderDocumentFileSchema),
  timeline: z.array(ZOrderTimelineEntrySchema),
});
export type TOrderPage = z.infer<typeof ZOrderPageSchema>;

export const ZOrderDocumentParamsSchema = z.object({
  id: z.coerce.number({ error: 'Номер заказа — число.' }).int('Номер заказа — целое число.').positive('Номер заказа — число больше 0.'),
  documentId: z.coerce.number({ error: 'Номер документа — число.' }).int('Номер документа — целое число.').positive('Номер документа — число больше 0.'),
});

/** Check statuses and their names live with their rules in the domain (order/check-status.ts). */
export { CHECK_STATUS, CHECK_STATUS_NAMES } from '@portal/domain';

/**
 * Ours (issue #39): an order kept «На согласовании» — a purchaser's order above their limit, or over a contract's
 * credit — as the history shows it to the purchaser and to the company's administrators. Once approved it is an
 * order of the history like any other. `date` is unix seconds; `total` roubles.
 */
export const ZOrderApprovalSchema = z.object({
  id: z.number(),
  /** pending: waits; approving: an administrator is placing it; rejected: see `reason`. */
  state: z.enum(['pending', 'approving', 'rejected']),
  date: z.number(),
  partner_guid: z.string(),
  partner_name: z.string(),
  /** Who submitted it. */
  purchaser: z.string(),
  total: z.number(),
  count: z.number(),
  total_count: z.number(),
  /** Why it waits (the limit or the credit it exceeds). */
  held_for: z.string(),
  /** The administrator's reason, when rejected. */
  reason: z.string(),
  /** The signed-in user may approve or reject it (an administrator of its company). */
  can_decide: z.boolean(),
  /** The signed-in user submitted it (may load it into the working order again once rejected). */
  mine: z.boolean(),
  /** The request as the server priced it. */
  order: ZOrderPayloadSchema,
});
export type TOrderApproval = z.infer<typeof ZOrderApprovalSchema>;

export const ZApprovalIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'Номер согласования — число.' }).int('Номер согласования — целое число.').positive('Номер согласования — число больше 0.'),
});

/** Approving: nothing, or the server's newly priced order the administrator confirmed after 409 PRICES_CHANGED. */
export const ZApproveOrderSchema = z.object({ order: ZOrderPayloadSchema.optional() });
export type TApproveOrder = z.input<typeof ZApproveOrderSchema>;

export const ZRejectOrderSchema = z.object({
  reason: z
    .string({ error: 'Укажите причину отказа.' })
    .trim()
    .min(1, 'Укажите причину отказа: закупщик увидит её в истории заказов.')
    .max(500, 'Причина отказа слишком длинная: не больше 500 символов.'),
});
export type TRejectOrder = z.infer<typeof ZRejectOrderSchema>;

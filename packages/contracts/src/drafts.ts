/**
 * The working order and the drafts kept on the server per user (issue #35 point 8): the order's wire shape as the
 * browser keeps it (spec §3 «Working order», «Order draft»), the calls that store it, their limits, and the socket
 * frames that carry a change to the user's other devices. The browser's `working_order` and `orders_drafts` stay its
 * offline copy.
 */
import { ORDER_LINE_QUANTITY_MAX } from '@portal/domain';
import { z } from 'zod';
import { ORDER_LIMITS, ZBagsSchema, ZDeliverySchema, ZReplacedApprovalSchema } from './orders';

/** How much one user may keep: a bounded number of drafts, each of a bounded size. */
export const DRAFT_LIMITS = {
  perUser: 50,
  /** The draft (or working order) as JSON, in bytes. */
  bytes: 512 * 1024,
  name: 200,
  positions: 1000,
  linesPerPosition: 500,
} as const;

const text = (max: number, what: string) => z.string({ error: `${what}: укажите текст.` }).max(max, `${what}: не больше ${max} символов.`);
const roubles = (what: string) =>
  z
    .number({ error: `${what}: укажите число.` })
    .min(-ORDER_LIMITS.price.max, `${what}: слишком маленькое число.`)
    .max(ORDER_LIMITS.price.max, `${what}: слишком большое число, проверьте его.`);
const units = (what: string) =>
  z
    .number({ error: `${what}: укажите число.` })
    .int(`${what}: укажите целое число.`)
    .min(0, `${what}: не может быть меньше 0.`)
    .max(ORDER_LINE_QUANTITY_MAX * 10, `${what}: слишком большое число, проверьте его.`);
const percent = (what: string) => z.number({ error: `${what}: укажите число.` }).min(0, `${what}: не меньше 0 %.`).max(100, `${what}: не больше 100 %.`);

/** Spec §3 «Characteristic line», as the working order keeps it. */
export const ZCharacteristicLineSchema = z.object({
  ID: text(100, 'ID строки'),
  CHARACTERISTIC: text(200, 'Характеристика'),
  PRICE: roubles('Цена строки'),
  fullprice: roubles('Цена строки без скидки'),
  price_discount: roubles('Скидка строки'),
  count: units('Количество в строке'),
  RESIDUE: z.number({ error: 'Остаток: укажите число.' }).int('Остаток: укажите целое число.').min(-1_000_000_000).max(1_000_000_000),
  RESERVED: units('Резерв строки').optional(),
  MAX_DISCOUNT: percent('Максимальная скидка'),
  PPDATA: text(500, 'PPDATA'),
  GUID: text(100, 'GUID строки').min(1, 'У строки нет GUID предложения.'),
  ORGGUID: text(100, 'ORGGUID строки'),
  discount: percent('Скидка'),
  add_sum: roubles('Доплата').optional(),
});

export const ZPositionSchema = z.object({
  guid: text(100, 'guid позиции').min(1, 'У позиции нет guid товара.'),
  article: text(200, 'Артикул'),
  product: z.object({ ID: text(100, 'ID товара'), ARTICLE: text(200, 'Артикул'), NAME: text(500, 'Название товара'), UID: text(100, 'UID товара') }),
  type: text(50, 'Тип товара'),
  characteristics: z
    .array(ZCharacteristicLineSchema)
    .max(DRAFT_LIMITS.linesPerPosition, `Строк в позиции не больше ${DRAFT_LIMITS.linesPerPosition}.`),
  count: units('Количество позиции'),
  total: roubles('Сумма позиции'),
  total_discount: roubles('Скидка позиции'),
  status: text(50, 'Статус товара').optional(),
  weight: z.number().min(0).max(1_000_000).optional(),
  volume: z.number().min(0).max(1_000_000).optional(),
  preorder: z.boolean().optional(),
});

const positions = z
  .array(ZPositionSchema)
  .max(DRAFT_LIMITS.positions, `Позиций не больше ${DRAFT_LIMITS.positions}: разделите заказ на несколько.`);

/** Spec §3 «Working order» (and «Order draft»), with the contract chosen and the contracts it is priced with. */
export const ZWorkingOrderSchema = z.object({
  /** A timestamp (ms), 0 for the blank order. */
  id: z.number({ error: 'Номер заказа: укажите число.' }).int('Номер заказа: укажите целое число.').min(0, 'Номер заказа не может быть меньше 0.'),
  edit: z.boolean(),
  number: z.number().int().positive().optional(),
  reserved: z.boolean(),
  total: roubles('Сумма заказа'),
  total_discount: roubles('Скидка заказа'),
  total_presail: roubles('Сумма предзаказа'),
  total_presail_discount: roubles('Скидка предзаказа'),
  count: units('Число позиций'),
  total_count: units('Число единиц'),
  total_volume: z.number().min(0).max(1_000_000_000),
  total_weight: z.number().min(0).max(1_000_000_000),
  /** The company's uid, or '' while none is chosen. */
  partner_id: text(100, 'Компания (partner_id)'),
  storage: text(100, 'Договор (storage)').optional(),
  contracts: z
    .array(z.object({ organisation: text(100, 'Организация договора'), discountPercent: percent('Скидка договора') }))
    .max(50, 'Договоров не больше 50.')
    .optional(),
  position: positions,
  position_presail: positions,
  comment: text(2000, 'Комментарий'),
  delivery: ZDeliverySchema,
  request_certificate: z.boolean(),
  bags: ZBagsSchema,
  name: text(DRAFT_LIMITS.name, 'Название черновика'),
  date: z.number().int().min(0),
  /** The rejected order «На согласовании» this one will be sent instead of: kept so it follows the dealer too. */
  replaces_approval: ZReplacedApprovalSchema.optional(),
});
export type TWorkingOrderWire = z.infer<typeof ZWorkingOrderSchema>;

/** A draft as stored: the order (its id is the draft's id, its name the draft's name) and its revision. */
export const ZDraftSchema = ZWorkingOrderSchema.extend({
  /** Raised by every change on the server; a rename names the revision it was made on. */
  revision: z.number().int().positive(),
});
export type TDraft = z.infer<typeof ZDraftSchema>;

/** POST /api/user/drafts: a draft saved on this device (its id is the save time, so a resent save is the same). */
export const ZDraftCreateSchema = ZWorkingOrderSchema.extend({
  id: z.number({ error: 'Номер черновика: укажите число.' }).int('Номер черновика: укажите целое число.').positive('Номер черновика: укажите число больше 0.'),
});

export const ZDraftIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'Номер черновика — число.' })
    .int('Номер черновика — целое число.')
    .positive('Номер черновика — число больше 0.')
    .max(Number.MAX_SAFE_INTEGER, 'Номер черновика слишком большой.'),
});

export const ZDraftRenameSchema = z.object({
  name: text(DRAFT_LIMITS.name, 'Название черновика').trim().min(1, 'Введите название черновика.'),
  /** The revision the dealer renamed: a draft changed meanwhile on another device answers 409. */
  revision: z.number({ error: 'Версия черновика: укажите число.' }).int('Версия черновика: укажите целое число.').positive('Версия черновика: укажите число больше 0.'),
});

export const ZDraftsRemoveSchema = z.object({
  /** The drafts the dealer saw: a draft saved meanwhile on another device is kept. */
  ids: z
    .array(ZDraftIdParamsSchema.shape.id)
    .min(1, 'Выберите черновики для удаления.')
    .max(DRAFT_LIMITS.perUser * 2, `За раз можно удалить не больше ${DRAFT_LIMITS.perUser * 2} черновиков.`),
});

export const ZDraftsRemovedSchema = z.object({ ids: z.array(z.number()) });

/** The working order kept on the server, and its revision (0: nothing stored yet). */
export const ZSyncedWorkingOrderSchema = z.object({ revision: z.number().int().min(0), order: ZWorkingOrderSchema });
export type TSyncedWorkingOrder = z.infer<typeof ZSyncedWorkingOrderSchema>;

/** PUT /api/user/working-order: the order, and the revision it was changed from (409 when the server's is newer). */
export const ZWorkingOrderPutSchema = z.object({
  revision: z.number({ error: 'Версия заказа: укажите число.' }).int('Версия заказа: укажите целое число.').min(0, 'Версия заказа: не меньше 0.'),
  order: ZWorkingOrderSchema,
});

/**
 * Frames that tell every open device of the user (the one that made the change included) what changed: revisions and
 * ids only — a frame between server processes must stay small (PostgreSQL NOTIFY) — and the device fetches the rest.
 */
export type TDraftsFrame =
  | { namespace: 'drafts'; mutation: 'saved'; payload: { id: number; revision: number } }
  | { namespace: 'drafts'; mutation: 'removed'; payload: { ids: number[] } }
  | { namespace: 'workingOrder'; mutation: 'changed'; payload: { revision: number } };

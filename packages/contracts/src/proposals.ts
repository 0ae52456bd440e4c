/**
 * Commercial proposals (spec §3 "Commercial proposal", §7 /services/proposal/*): the payload that asks for a document,
 * the organisation lookup by INN, and the dealer's logo and banner library.
 */
import { PROPOSAL_AMOUNT_MAX, PROPOSAL_AMOUNT_MIN } from '@portal/domain';
import { z } from 'zod';
import { TEXT_LIMITS } from './limits';

/** The limits of the proposal's number fields: the schemas below and the wizard's inputs take them from here. */
export const PROPOSAL_LIMITS = {
  quantity: { min: 0, max: 1_000_000 },
  days: { min: 1, max: 365 },
  prepaymentPercent: { min: 1, max: 100 },
} as const;

const amount = (what: string) =>
  z
    .number({ error: `${what}: укажите число.` })
    .min(PROPOSAL_AMOUNT_MIN, `${what} не может быть меньше ${PROPOSAL_AMOUNT_MIN.toLocaleString('ru-RU')}.`)
    .max(PROPOSAL_AMOUNT_MAX, `${what} не может быть больше ${PROPOSAL_AMOUNT_MAX.toLocaleString('ru-RU')}.`);

/** A position's own discount (negative value) or markup (positive) as a percent or a fixed amount, plus an added sum. */
const proposalDate = z
  .string({ error: 'Укажите дату предложения.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Дата предложения в формате ГГГГ-ММ-ДД.');

export const ZProposalMarkupSchema = z.object({
  kind: z.enum(['percent', 'fixed'], { error: 'Вид наценки: percent (процент) или fixed (сумма).' }).default('percent'),
  value: amount('Скидка или наценка').default(0),
  add_sum: amount('Добавленная сумма').default(0),
});
export type TProposalMarkup = z.infer<typeof ZProposalMarkupSchema>;

/**
 * One characteristic line in the order payload's shape: `guid` is the offer's guid (for a product without offers, the
 * product's UID: its «Только под заказ» line). Prices the client may send along are ignored: the server prices.
 */
export const ZProposalCharacteristicSchema = z.object({
  guid: z.string({ error: 'У характеристики нет guid предложения.' }).min(1, 'У характеристики нет guid предложения.'),
  quantity: z
    .number({ error: 'Количество: укажите целое число.' })
    .int('Количество должно быть целым.')
    .min(PROPOSAL_LIMITS.quantity.min, 'Количество не может быть отрицательным.')
    .max(PROPOSAL_LIMITS.quantity.max, `Количество слишком велико: не больше ${PROPOSAL_LIMITS.quantity.max.toLocaleString('ru-RU')}.`),
});
export type TProposalCharacteristic = z.infer<typeof ZProposalCharacteristicSchema>;

/** A position in the order payload's shape (`guid` the product's UID) with its own markup. */
export const ZProposalPositionSchema = z.object({
  guid: z.string({ error: 'У позиции нет guid товара.' }).min(1, 'У позиции нет guid товара.'),
  characteristics: z.array(ZProposalCharacteristicSchema).min(1, 'У позиции нет ни одной характеристики.').max(200),
  markup: ZProposalMarkupSchema.default({ kind: 'percent', value: 0, add_sum: 0 }),
});
export type TProposalPosition = z.infer<typeof ZProposalPositionSchema>;

export const ZProposalOfferSchema = z.object({
  /** Shown by the client only: the document takes the executor's name and details from the company executorUID. */
  executor: z.string().max(300).optional(),
  executorUID: z.string({ error: 'Выберите компанию-исполнителя (executorUID).' }).min(1, 'Выберите компанию-исполнителя.'),
  customer: z.string({ error: 'Укажите заказчика.' }).trim().min(1, 'Укажите заказчика: найдите его по ИНН или впишите название.').max(300),
  /** Ours: the customer's INN printed beside the name (optional). */
  customerInn: z.string().trim().max(12).default(''),
  /** Ours: the customer's KPP and address, printed when known (found by INN or typed). */
  customerKpp: z.string().trim().max(9, 'КПП заказчика — 9 цифр.').default(''),
  customerAddress: z.string().trim().max(500, 'Адрес заказчика не длиннее 500 символов.').default(''),
  n: z.string().trim().max(40, 'Номер предложения не длиннее 40 символов.').default(''),
  date: proposalDate,
  comment: z.string().max(3000, 'Комментарий не длиннее 3000 символов.').default(''),
  position: z.array(ZProposalPositionSchema).min(1, 'Добавьте в предложение хотя бы одну позицию.').max(300, 'Не больше 300 позиций в одном предложении.'),
});
export type TProposalOffer = z.infer<typeof ZProposalOfferSchema>;

const days = z
  .number()
  .int('Число дней — целое.')
  .min(PROPOSAL_LIMITS.days.min, `Число дней не меньше ${PROPOSAL_LIMITS.days.min}.`)
  .max(PROPOSAL_LIMITS.days.max, `Число дней не больше ${PROPOSAL_LIMITS.days.max}.`)
  .nullable()
  .default(null);

/** The conditions: payment deferment (calendar or working days), delivery, pickup, prepayment. */
export const ZProposalConditionsSchema = z
  .object({
    delay: z.boolean().default(false),
    delayCalendarValue: days,
    delayWorkValue: days,
    delivery: z.boolean().default(false),
    deliveryValue: z.string().trim().max(500, 'Условия доставки не длиннее 500 символов.').default(''),
    pickup: z.boolean().default(false),
    pickupValue: z.string().trim().max(500, 'Адрес самовывоза не длиннее 500 символов.').default(''),
    prepayment: z.boolean().default(false),
    prepaymentValue: z
      .number()
      .min(PROPOSAL_LIMITS.prepaymentPercent.min, 'Предоплата от 1 до 100 %.')
      .max(PROPOSAL_LIMITS.prepaymentPercent.max, 'Предоплата от 1 до 100 %.')
      .nullable()
      .default(null),
  })
  .superRefine((value, context) => {
    if (value.delay && (value.delayCalendarValue === null) === (value.delayWorkValue === null)) {
      context.addIssue({
        code: 'custom',
        path: ['delay'],
        message: 'Отсрочка: укажите число дней — календарных или рабочих (одно из двух).',
      });
    }
    if (value.prepayment && value.prepaymentValue === null) {
      context.addIssue({ code: 'custom', path: ['prepaymentValue'], message: 'Предоплата: укажите процент.' });
    }
  });
export type TProposalConditions = z.infer<typeof ZProposalConditionsSchema>;

/** No deferment, delivery, pickup or prepayment: what a proposal states until the dealer sets its conditions. */
export const NO_PROPOSAL_CONDITIONS: TProposalConditions = {
  delay: false,
  delayCalendarValue: null,
  delayWorkValue: null,
  delivery: false,
  deliveryValue: '',
  pickup: false,
  pickupValue: '',
  prepayment: false,
  prepaymentValue: null,
};

export const PROPOSAL_FORMATS = ['PDF', 'DOCX'] as const;
export type TProposalFormat = (typeof PROPOSAL_FORMATS)[number];
export const LOGO_ALIGNS = ['left', 'center', 'right'] as const;
export type TLogoAlign = (typeof LOGO_ALIGNS)[number];

/** POST /api/services/proposal/add — answers the document itself (file.pdf or file.docx). */
export const ZProposalRequestSchema = z.object({
  offer: ZProposalOfferSchema,
  additionally: ZProposalConditionsSchema.default(NO_PROPOSAL_CONDITIONS),
  /** Whether the document has the header block (logo and header text). */
  header: z.boolean().default(true),
  /** Id of a logo of the user's library, or null for none. */
  headerLogo: z.number().int().positive().nullable().default(null),
  headerLogoAlign: z.enum(LOGO_ALIGNS, { error: 'Расположение логотипа: left, center или right.' }).default('left'),
  headerText: z.string().max(1000, 'Текст шапки не длиннее 1000 символов.').default(''),
  /** Whether the document has a banner; bannerId is a banner of the user's library. */
  banner: z.boolean().default(false),
  bannerId: z.number().int().positive().nullable().default(null),
  /** The client's display copy of the banner: accepted and ignored (the server never fetches addresses it is sent). */
  bannerSrc: z.string().max(TEXT_LIMITS.document).optional(),
  as: z.enum(PROPOSAL_FORMATS, { error: 'Формат документа: PDF или DOCX.' }).default('PDF'),
  portrait: z.boolean().default(true),
});
export type TProposalRequest = z.input<typeof ZProposalRequestSchema>;
export type TProposalRequestParsed = z.output<typeof ZProposalRequestSchema>;

/**
 * GET /api/services/proposal/vat: the VAT the executor company's proposal states on its date (the dealer's own rate,
 * docs/decisions.md "VAT by date and seller"); `percent` null: «Без НДС».
 */
export const ZProposalVatQuerySchema = z.object({
  executorUID: z.string({ error: 'Укажите компанию-исполнителя (executorUID).' }).trim().min(1, 'Укажите компанию-исполнителя (executorUID).'),
  date: proposalDate,
});
export const ZProposalVatSchema = z.object({ percent: z.number().int().nullable() });
export type TProposalVat = z.infer<typeof ZProposalVatSchema>;

export const ZInnParamsSchema = z.object({ inn: z.string().max(TEXT_LIMITS.line) });

/** GET /api/services/proposal/org/{inn}: `text` is what the client puts in as the customer (spec §7). */
export const ZProposalOrgSchema = z.object({
  inn: z.string(),
  /** Full legal name. */
  name: z.string(),
  /** The short name used as the customer. */
  text: z.string(),
  kpp: z.string(),
  address: z.string(),
});
export type TProposalOrg = z.infer<typeof ZProposalOrgSchema>;

export const PROPOSAL_IMAGE_KINDS = ['logo', 'banner'] as const;
export type TProposalImageKind = (typeof PROPOSAL_IMAGE_KINDS)[number];

/** A logo or banner of the user's library; `src` is the API path of its bytes (needs the bearer token). */
export const ZProposalImageSchema = z.object({
  id: z.number(),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  src: z.string(),
  created: z.string(),
});
export type TProposalImage = z.infer<typeof ZProposalImageSchema>;

/** Lists are in upload order; the client reverses them to show the newest first (spec §7). */
export const ZProposalImageListSchema = z.array(ZProposalImageSchema);
export const ZProposalImageListDataSchema = z.object({ data: ZProposalImageListSchema });
export type TProposalImageListData = z.infer<typeof ZProposalImageListDataSchema>;

export const ZProposalImageDeleteSchema = z.object({
  id: z.number({ error: 'Укажите id изображения.' }).int().positive('Укажите id изображения.'),
});
export const ZProposalImageParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** Upload limits, shown to the user before they pick a file. */
export const PROPOSAL_IMAGE_MAX_BYTES = 3 * 1024 * 1024;
export const PROPOSAL_IMAGE_MAX_COUNT = 30;

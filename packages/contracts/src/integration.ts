/**
 * The integration API through which the ERP feeds the portal (/api/integration/*, key in X-Api-Key). Every call takes
 * a batch (a JSON array); each item is checked on its own and the answer reports each one: applied, or refused with
 * the reason. Items are identified by the ERP's ids (uid, guid, code, login, bitrix_id), so sending a batch again
 * changes nothing. Upserts replace the whole record: send every field, omitted ones take their defaults.
 */
import { VAT_PERCENT_MAX } from '@portal/domain';
import { z } from 'zod';
import { ZCatalogZoneSchema } from './catalog';
import { TEXT_LIMITS, tooLong } from './limits';

const text = (what: string, limit: number = TEXT_LIMITS.line) => z.string({ error: `${what}: укажите строку.` }).max(limit, { error: tooLong(what, limit) });
const requiredText = (what: string) => text(what).trim().min(1, `${what}: не может быть пустым.`);
const amount = (what: string) => z.number({ error: `${what}: укажите число.` }).finite();
const nonNegative = (what: string) => amount(what).min(0, `${what}: не может быть отрицательным.`);
const percent = (what: string) => amount(what).min(0, `${what}: от 0 до 100.`).max(100, `${what}: от 0 до 100.`);
const integer = (what: string) => z.number({ error: `${what}: укажите целое число.` }).int(`${what}: укажите целое число.`);
const optionalText = (what: string, limit?: number) => text(what, limit).default('');

export const ZIntegrationOfferFieldsSchema = z.object({
  guid: requiredText('guid'),
  characteristic: text('characteristic').default(''),
  residue: integer('residue').min(0, 'residue: остаток не может быть отрицательным.').default(0),
  price: nonNegative('price'),
  ppdata: optionalText('ppdata', TEXT_LIMITS.document),
  org_guid: requiredText('org_guid'),
});

/** Spec §3 "Product"; `offers` (optional) are its characteristics with stock, upserted with it. */
export const ZIntegrationProductSchema = z.object({
  uid: requiredText('uid'),
  article: requiredText('article'),
  name: requiredText('name'),
  type: z.enum(['wear', 'shoes'], { error: 'type: wear (одежда) или shoes (обувь).' }).default('wear'),
  price: nonNegative('price'),
  price_opt: nonNegative('price_opt'),
  weight: nonNegative('weight').default(0),
  volume: nonNegative('volume').default(0),
  detail_text: optionalText('detail_text', TEXT_LIMITS.document),
  status: z
    .enum(['', 'Outlet', 'Discount', 'Activity'], { error: 'status: пусто, Outlet, Discount или Activity.' })
    .default(''),
  video: text('video').nullable().default(null),
  /** Properties of the product (material, season, protection…); sizes go in the offers. */
  characteristics: z
    .array(z.object({ NAME: requiredText('characteristics.NAME'), VALUE: text('characteristics.VALUE') }), {
      error: 'characteristics: укажите массив [{NAME, VALUE}].',
    })
    .default([]),
  max_discount: percent('max_discount').default(0),
  group_code: text('group_code').nullable().default(null),
  season_sale: z.boolean({ error: 'season_sale: true или false.' }).default(false),
  protect: optionalText('protect'),
  offers: z.array(ZIntegrationOfferFieldsSchema).optional(),
});
export type TIntegrationProduct = z.infer<typeof ZIntegrationProductSchema>;

/** An offer sent on its own: `product_uid` names its product. */
export const ZIntegrationOfferSchema = ZIntegrationOfferFieldsSchema.extend({ product_uid: requiredText('product_uid') });
export type TIntegrationOffer = z.infer<typeof ZIntegrationOfferSchema>;

/** Stock only: the new residue of an offer. */
export const ZIntegrationStockSchema = z.object({
  guid: requiredText('guid'),
  residue: integer('residue').min(0, 'residue: остаток не может быть отрицательным.'),
});
export type TIntegrationStock = z.infer<typeof ZIntegrationStockSchema>;

export const ZIntegrationCatalogGroupSchema = z.object({
  code: requiredText('code'),
  name: requiredText('name'),
  parent_code: text('parent_code').nullable().default(null),
  sort: integer('sort').default(0),
  /** Where the group sits on the interactive catalogue. */
  zone: ZCatalogZoneSchema.nullable().default(null),
});
export type TIntegrationCatalogGroup = z.infer<typeof ZIntegrationCatalogGroupSchema>;

/** Spec §3 "Price types": the Default type has the empty id. */
export const ZIntegrationPriceTypeSchema = z.object({ id: text('id'), name: requiredText('name') });
export type TIntegrationPriceType = z.infer<typeof ZIntegrationPriceTypeSchema>;

export const ZIntegrationManagerSchema = z.object({
  uid: requiredText('uid'),
  name: requiredText('name'),
  position: optionalText('position'),
  email: optionalText('email'),
  phone: optionalText('phone'),
  photo: text('photo').nullable().default(null),
});
export type TIntegrationManager = z.infer<typeof ZIntegrationManagerSchema>;

export const ZIntegrationStorageDocumentSchema = z.object({
  date: integer('documents.date (unix-секунды)'),
  number: requiredText('documents.number'),
  debt: amount('documents.debt').default(0),
  expires: integer('documents.expires (unix-секунды)'),
});

/** Spec §3 "Storage (contract)"; `guid` is the organisation (FRO or ES). Its documents are replaced as sent. */
export const ZIntegrationStorageSchema = z.object({
  guid: requiredText('storages.guid'),
  name: requiredText('storages.name'),
  spent: amount('storages.spent').default(0),
  contract: optionalText('storages.contract'),
  deferment: integer('storages.deferment').default(0),
  debt: amount('storages.debt').default(0),
  balance: amount('storages.balance').default(0),
  discount: percent('storages.discount').default(0),
  case: optionalText('storages.case'),
  limit: amount('storages.limit').default(0),
  /** The debt's share of the limit: above 100 when the debt has outgrown the limit (as the domain's limitUsed). */
  percent: nonNegative('storages.percent').default(0),
  date: integer('storages.date (unix-секунды, отрицательное — без даты)').default(-1),
  pricetype: text('storages.pricetype').default(''),
  base_discount: percent('storages.base_discount').default(0),
  cashback: percent('storages.cashback').default(0),
  documents: z.array(ZIntegrationStorageDocumentSchema).default([]),
});

/** Spec §3 "Company (partner)". When `storages` is sent, it is the company's whole list: contracts not in it are removed. */
export const ZIntegrationPartnerSchema = z.object({
  uid: requiredText('uid'),
  name: requiredText('name'),
  inn: optionalText('inn'),
  payment: optionalText('payment'),
  bik: optionalText('bik'),
  correspondent: optionalText('correspondent'),
  address: optionalText('address'),
  city: optionalText('city'),
  email: optionalText('email'),
  phone: optionalText('phone'),
  manager_uid: text('manager_uid').nullable().default(null),
  storages: z.array(ZIntegrationStorageSchema).optional(),
});
export type TIntegrationPartner = z.infer<typeof ZIntegrationPartnerSchema>;

/**
 * A portal user. `password` sets or resets the password (and ends the user's sessions); a new user needs one.
 * `blocked: true` blocks and ends the sessions. `partners` (company uids), when sent, is the user's whole list.
 */
export const ZIntegrationUserSchema = z.object({
  login: requiredText('login').max(64, 'login: не длиннее 64 символов.'),
  password: text('password').min(8, 'password: не короче 8 символов.').max(128, 'password: не длиннее 128 символов.').optional(),
  name: text('name').optional(),
  lastname: text('lastname').optional(),
  patronymic: text('patronymic').optional(),
  email: text('email').optional(),
  phone: text('phone').optional(),
  blocked: z.boolean({ error: 'blocked: true или false.' }).optional(),
  staff: z.boolean({ error: 'staff: true или false.' }).optional(),
  partners: z.array(requiredText('partners[]')).optional(),
  /**
   * Ours (issue #39): the user's role in some of their companies (absent: administrator, as links made before roles
   * were), with a purchaser's limit per order in roubles (null: none). Each company must be one of the user's.
   */
  roles: z
    .array(
      z.object({
        partner: requiredText('roles[].partner'),
        role: z.enum(['admin', 'buyer', 'accountant'], { error: 'roles[].role: admin, buyer или accountant.' }),
        order_limit: z.number({ error: 'roles[].order_limit: сумма в рублях или null.' }).min(0, 'roles[].order_limit: не меньше 0.').nullable().default(null),
      }),
    )
    .optional(),
});
export type TIntegrationUser = z.infer<typeof ZIntegrationUserSchema>;

/** `POST /api/integration/checks`: the status of an order's check (`order` the order number, `guid` the check's). */
export const ZIntegrationCheckStatusSchema = z.object({
  order: integer('order (номер заказа)').positive('order: номер заказа больше нуля.'),
  guid: requiredText('guid'),
  status: integer('status'),
});
export type TIntegrationCheckStatus = z.infer<typeof ZIntegrationCheckStatusSchema>;

/** Spec §3 "Order list item" doc_status: which documents of a check are ready. */
export const ZIntegrationDocStatusSchema = z.object({
  StatusSchet: z.boolean({ error: 'StatusSchet: true или false.' }).default(false),
  StatusSF: z.boolean({ error: 'StatusSF: true или false.' }).default(false),
  StatusUPD: z.boolean({ error: 'StatusUPD: true или false.' }).default(false),
  StatusUPK: z.boolean({ error: 'StatusUPK: true или false.' }).default(false),
});

export const ZIntegrationOrderDocumentsSchema = z.object({
  order: integer('order (номер заказа)').positive('order: номер заказа больше нуля.'),
  guid: requiredText('guid'),
  doc_status: ZIntegrationDocStatusSchema,
});
export type TIntegrationOrderDocuments = z.infer<typeof ZIntegrationOrderDocumentsSchema>;

/** A PDF the ERP sends base64-encoded: at most 10 MB of file. */
export const ORDER_DOCUMENT_FILE_MAX_BYTES = 10 * 1024 * 1024;

/**
 * A document file of an order's check (счёт, счёт-фактура, УПД, УПК) as a base64 PDF. Its doc_status flag turns on
 * with it; the same check, kind and number sent again replaces the file.
 */
export const ZIntegrationOrderFileSchema = z.object({
  order: integer('order (номер заказа)').positive('order: номер заказа больше нуля.'),
  guid: requiredText('guid'),
  kind: z.enum(['bill', 'sf', 'upd', 'upk'], { error: 'kind: bill (счёт), sf (счёт-фактура), upd (УПД) или upk (УПК).' }),
  number: optionalText('number').pipe(z.string().max(100, 'number: не длиннее 100 символов.')),
  date: z
    .string({ error: 'date: дата документа в виде ГГГГ-ММ-ДД.' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'date: дата документа в виде ГГГГ-ММ-ДД.')
    .optional(),
  content: z
    .string({ error: 'content: файл PDF в base64.' })
    .min(8, 'content: файл PDF в base64, не пустой.')
    .max(Math.ceil((ORDER_DOCUMENT_FILE_MAX_BYTES * 4) / 3) + 4, 'content: файл больше 10 МБ.'),
});
export type TIntegrationOrderFile = z.infer<typeof ZIntegrationOrderFileSchema>;

/** A product's picture or certificate the ERP sends base64-encoded: at most 10 MB of file. */
export const PRODUCT_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** Pictures, and certificates, one product carries at most. */
export const PRODUCT_FILES_MAX = 20;

/**
 * One file of a product: its bytes (`content`, base64) the first time, or the sha256 of a file sent before (`sha256`,
 * 64 hex digits), so a picture shared by a thousand products crosses the wire once.
 */
const productFile = (what: string) => ({
  content: z
    .string({ error: `${what}.content: файл в base64.` })
    .min(8, `${what}.content: файл в base64, не пустой.`)
    .max(Math.ceil((PRODUCT_FILE_MAX_BYTES * 4) / 3) + 4, `${what}.content: файл больше 10 МБ.`)
    .optional(),
  sha256: z
    .string({ error: `${what}.sha256: sha256 файла, переданного раньше (64 шестнадцатеричные цифры).` })
    .regex(/^[0-9a-f]{64}$/, `${what}.sha256: sha256 файла, переданного раньше (64 шестнадцатеричные цифры в нижнем регистре).`)
    .optional(),
});
const oneFile = (what: string) => (file: { content?: string; sha256?: string }, context: z.RefinementCtx) => {
  if ((file.content === undefined) === (file.sha256 === undefined)) {
    context.addIssue({ code: 'custom', message: `${what}: укажите content (файл в base64) или sha256 файла, переданного раньше, одно из двух.` });
  }
};

/**
 * A product's pictures (JPEG, PNG, WebP or GIF, in the order the product page shows them) and certificates (PDF), as
 * the catalogue page shows and serves them. A list sent replaces the product's list (empty: none); a list not sent
 * leaves it as it is. A file is kept by its content: the same bytes sent again, for this product or another, are one file.
 */
export const ZIntegrationProductFilesSchema = z.object({
  product_uid: requiredText('product_uid'),
  pictures: z
    .array(z.object(productFile('pictures[]')).superRefine(oneFile('pictures[]')), { error: 'pictures: укажите массив [{content} или {sha256}].' })
    .max(PRODUCT_FILES_MAX, `pictures: не больше ${PRODUCT_FILES_MAX} картинок.`)
    .optional(),
  certificates: z
    .array(
      z
        .object({
          number: requiredText('certificates[].number'),
          /** Shown on the product page; «Сертификат соответствия <number>» when not sent. */
          name: text('certificates[].name').optional(),
          valid_until: z
            .string({ error: 'certificates[].valid_until: дата окончания действия в виде ГГГГ-ММ-ДД.' })
            .regex(/^\d{4}-\d{2}-\d{2}$/, 'certificates[].valid_until: дата окончания действия в виде ГГГГ-ММ-ДД.')
            .nullable()
            .default(null),
          ...productFile('certificates[]'),
        })
        .superRefine(oneFile('certificates[]')),
      { error: 'certificates: укажите массив [{number, valid_until, content или sha256}].' },
    )
    .max(PRODUCT_FILES_MAX, `certificates: не больше ${PRODUCT_FILES_MAX} сертификатов.`)
    .optional(),
});
export type TIntegrationProductFiles = z.infer<typeof ZIntegrationProductFilesSchema>;

/**
 * A shipment's or a claim's status. The back office registers a request made in the portal by sending its `guid`
 * (ours) with its `bitrix_id`; after that either id finds it.
 */
export const ZIntegrationBitrixStatusSchema = z.object({
  bitrix_id: integer('bitrix_id').positive('bitrix_id: больше нуля.'),
  guid: requiredText('guid').optional(),
  status: requiredText('status'),
  /** Shown with the status in a claim's history. */
  comment: text('comment').max(2000, 'comment: не длиннее 2000 символов.').default(''),
});
export type TIntegrationBitrixStatus = z.infer<typeof ZIntegrationBitrixStatusSchema>;

const dateTime = (what: string) =>
  z.iso.datetime({ offset: true, error: `${what}: дата и время в ISO 8601, например 2026-03-01T09:00:00+03:00.` });

/** A news item of the main page, by the back office's guid. */
export const ZIntegrationNewsSchema = z.object({
  guid: requiredText('guid'),
  title: requiredText('title'),
  text: optionalText('text', TEXT_LIMITS.document),
  image: text('image').nullable().default(null),
  link: text('link').nullable().default(null),
  published_at: dateTime('published_at').optional(),
  published: z.boolean({ error: 'published: true или false.' }).default(true),
});
export type TIntegrationNews = z.infer<typeof ZIntegrationNewsSchema>;

/** A showcase case of the main-page carousel, by the back office's guid. */
export const ZIntegrationCaseSchema = z.object({
  guid: requiredText('guid'),
  title: requiredText('title'),
  customer: optionalText('customer'),
  text: optionalText('text', TEXT_LIMITS.document),
  image: text('image').nullable().default(null),
  link: text('link').nullable().default(null),
  sort: integer('sort').default(0),
  published: z.boolean({ error: 'published: true или false.' }).default(true),
});
export type TIntegrationCase = z.infer<typeof ZIntegrationCaseSchema>;

/** A message from the manager to the users of one company (or to one of them, by login). */
export const ZIntegrationMessageSchema = z.object({
  partner: requiredText('partner (uid компании)'),
  login: text('login').optional(),
  message: requiredText('message').max(2000, 'message: не длиннее 2000 символов.'),
  type: z.enum(['popup', 'notification'], { error: 'type: popup или notification.' }).default('popup'),
});
export type TIntegrationMessage = z.infer<typeof ZIntegrationMessageSchema>;

/** The report of a batch: one line per item, in the order sent. */
export const ZIntegrationItemReportSchema = z.object({
  index: z.number().int(),
  /** The item's external id, when it could be read. */
  key: z.string().nullable(),
  status: z.enum(['applied', 'refused']),
  /** False when the item was applied but changed nothing (a repeat); status updates raise no event then. */
  changed: z.boolean().optional(),
  reason: z.string().optional(),
});
export type TIntegrationItemReport = z.infer<typeof ZIntegrationItemReportSchema>;

export const ZIntegrationReportSchema = z.object({
  applied: z.number().int(),
  refused: z.number().int(),
  items: z.array(ZIntegrationItemReportSchema),
});
export type TIntegrationReport = z.infer<typeof ZIntegrationReportSchema>;

/**
 * One dated VAT rate of a seller (GET/PUT /api/integration/vat-rates; `npm run portal -- vat:list | vat:set`).
 * `seller` is `general` (the general rate of the Tax Code, followed by every seller without rates of its own), a
 * selling organisation's guid (org_guid of the offers) or a dealer company's uid (its own proposals). `from` is the
 * first day the rate holds, until the seller's next one. `percent` null: the seller charges no VAT («Без НДС»).
 * Sending a seller and day again replaces that rate.
 */
export const ZIntegrationVatRateSchema = z.object({
  seller: requiredText('seller'),
  from: text('from').regex(/^\d{4}-\d{2}-\d{2}$/, 'from: укажите дату начала действия как ГГГГ-ММ-ДД, например 2026-01-01.'),
  percent: integer('percent')
    .min(0, 'percent: ставка НДС не может быть отрицательной; для продавца без НДС передайте null.')
    .max(VAT_PERCENT_MAX, `percent: ставка НДС не больше ${VAT_PERCENT_MAX} %; для продавца без НДС передайте null.`)
    .nullable(),
});
export type TIntegrationVatRate = z.infer<typeof ZIntegrationVatRateSchema>;

export const ZIntegrationVatRatesSchema = z.array(ZIntegrationVatRateSchema);

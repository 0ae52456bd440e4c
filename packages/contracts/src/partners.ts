import { COMPANY_ACTIONS, COMPANY_ROLES } from '@portal/domain';
import { z } from 'zod';

/** Spec §3 "Storage (contract)" — a document of a contract. Dates are unix seconds. */
export const ZStorageDocumentSchema = z.object({
  date: z.number(),
  number: z.string(),
  debt: z.number(),
  expires: z.number(),
});

/** Spec §3 "Storage (contract)". `guid` is the manufacturer's organisation the contract is with (FRO or ES). */
export const ZStorageSchema = z.object({
  guid: z.string(),
  name: z.string(),
  spent: z.number(),
  contract: z.string(),
  deferment: z.number(),
  debt: z.number(),
  balance: z.number(),
  discount: z.number(),
  case: z.string(),
  limit: z.number(),
  percent: z.number(),
  date: z.number(),
  pricetype: z.string(),
  base_discount: z.number().default(0),
  cashback: z.number().default(0),
  documents: z.array(ZStorageDocumentSchema),
  /**
   * Ours: this portal's orders on the contract that the back office has not put in the debt yet, in roubles
   * (domain `isCheckPending`). The credit counts them with the debt.
   */
  pending: z.number().default(0),
});
export type TStorage = z.infer<typeof ZStorageSchema>;

/** Spec §3 "Company (partner)". */
export const ZCompanySchema = z.object({
  uid: z.string(),
  name: z.string(),
  inn: z.string(),
  payment: z.string(),
  bik: z.string(),
  correspondent: z.string(),
  address: z.string(),
  city: z.string(),
  email: z.string(),
  phone: z.string(),
  managerName: z.string(),
  managerUid: z.string(),
  storages: z.array(ZStorageSchema),
  /** The user's role in this company («Администратор», «Закупщик», «Бухгалтер»: packages/domain team/roles.ts). */
  role: z.enum(COMPANY_ROLES),
  /** What the role allows here, from the domain's table: the web hides the rest (the server refuses it anyway). */
  actions: z.array(z.enum(COMPANY_ACTIONS)),
  /** The company holds every order over a contract's credit «На согласовании» (set by its administrators). */
  approvalOverCredit: z.boolean(),
});
export type TCompany = z.infer<typeof ZCompanySchema>;

export const ZManagerSchema = z.object({
  uid: z.string(),
  name: z.string(),
  position: z.string(),
  email: z.string(),
  phone: z.string(),
  photo: z.string().nullable(),
});
export type TManager = z.infer<typeof ZManagerSchema>;

/**
 * GET /api/partners: `editing` — the number of an order being edited, whose own checks are left out of the contracts'
 * `pending` (the edit replaces them; counting them too would charge the credit twice on the order page).
 */
export const ZPartnersQuerySchema = z.object({
  editing: z.coerce
    .number({ error: 'editing — номер изменяемого заказа, целое число от 1.' })
    .int('editing — номер изменяемого заказа, целое число от 1.')
    .min(1, 'editing — номер изменяемого заказа, целое число от 1.')
    .max(2_147_483_647, 'editing — номер изменяемого заказа, целое число от 1.')
    .optional(),
});

export const ZManagersQuerySchema = z.object({
  partnerId: z.string({ error: 'Укажите partnerId — uid компании.' }).min(1, 'Укажите partnerId — uid компании.'),
});
export const ZManagerQuerySchema = z.object({
  id: z.string({ error: 'Укажите id менеджера.' }).min(1, 'Укажите id менеджера.'),
});

/** The browser-storage keys of spec §3, kept as the released clients use them. */
export const STORAGE_KEYS = {
  token: 'id_token',
  orderLog: 'logs',
  drafts: 'orders_drafts',
  infoModalStatus: 'status',
  darkMode: 'dark-mode',
  /** Ours: the working order survives a reload. */
  workingOrder: 'working_order',
  /** Ours: the working order as the server last stored it, and its revision (what a change here is merged against). */
  workingOrderSynced: 'working_order_synced',
  /** Ours: drafts deleted here that the server has not confirmed yet (deleted while offline). */
  draftsRemoved: 'orders_drafts_removed',
  /** Ours: the company whose prices are shown (shared/company-in-use.ts). */
  companyInUse: 'company_in_use',
} as const;

/**
 * A dealer company's team: the role each person holds in each company and what each role may do. This table is the
 * one place that says who may do what; the server refuses by it (per route and per company), the web hides by it.
 * One person may hold different roles in different companies.
 */

export const COMPANY_ROLES = ['admin', 'buyer', 'accountant'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

export const COMPANY_ROLE_LABELS: Record<CompanyRole, string> = {
  admin: 'Администратор',
  buyer: 'Закупщик',
  accountant: 'Бухгалтер',
};

/**
 * What may be done in a company. Seeing the company itself (its contracts, debts, discounts and manager) needs no
 * action: every member of a company sees it.
 */
export const COMPANY_ACTIONS = [
  /** Prices, the catalogue's company prices, a company's credit on the order page. */
  'prices.view',
  /** Build, keep as drafts, submit and edit orders. */
  'orders.place',
  /** The order history, an order's detail and its documents. */
  'orders.view',
  /** Ask for a bill, print the invoice, download the ERP's documents and certificates. */
  'documents.view',
  /** Approve or reject an order kept «На согласовании». */
  'orders.approve',
  /** Commercial proposals. */
  'proposals.manage',
  /** Shipment requests and delivery addresses. */
  'shipments.request',
  /** Claims. */
  'claims.file',
  /** Invite, change roles, block and unblock colleagues; set purchasers' limits. */
  'team.manage',
  /** The record of who did what. */
  'audit.view',
] as const;
export type CompanyAction = (typeof COMPANY_ACTIONS)[number];

export const COMPANY_ACTION_LABELS: Record<CompanyAction, string> = {
  'prices.view': 'видеть цены',
  'orders.place': 'оформлять заказы',
  'orders.view': 'видеть заказы',
  'documents.view': 'получать счета и документы',
  'orders.approve': 'согласовывать заказы',
  'proposals.manage': 'готовить коммерческие предложения',
  'shipments.request': 'заказывать отгрузки',
  'claims.file': 'подавать претензии',
  'team.manage': 'управлять сотрудниками',
  'audit.view': 'видеть журнал действий',
};

const EVERYTHING: readonly CompanyAction[] = COMPANY_ACTIONS;

/** Role → allowed actions. */
export const ROLE_ACTIONS: Record<CompanyRole, readonly CompanyAction[]> = {
  admin: EVERYTHING,
  buyer: ['prices.view', 'orders.place', 'orders.view', 'documents.view', 'proposals.manage', 'shipments.request', 'claims.file'],
  accountant: ['prices.view', 'orders.view', 'documents.view'],
};

export function isCompanyRole(value: unknown): value is CompanyRole {
  return typeof value === 'string' && (COMPANY_ROLES as readonly string[]).includes(value);
}

export function roleMay(role: CompanyRole, action: CompanyAction): boolean {
  return ROLE_ACTIONS[role].includes(action);
}

/** The Russian reason a refusal gives: what the role cannot do in the company. */
export function roleRefusal(role: CompanyRole, action: CompanyAction, companyName: string): string {
  return `Роль «${COMPANY_ROLE_LABELS[role]}» в компании ${companyName} не позволяет ${COMPANY_ACTION_LABELS[action]}. Обратитесь к администратору компании.`;
}

/** The roles whose table allows the action: a list that spans companies keeps only the companies held in one of them. */
export function rolesAllowing(action: CompanyAction): CompanyRole[] {
  return COMPANY_ROLES.filter((role) => roleMay(role, action));
}

/** What the role may do in the company, in the table's order (the web hides the rest). */
export function roleActions(role: CompanyRole): CompanyAction[] {
  return [...ROLE_ACTIONS[role]];
}

/** The company's administrators left if `change` happened: a team is never left without one. */
export function adminsAfter(members: ReadonlyArray<{ userId: number; role: CompanyRole; blocked: boolean }>, change: { userId: number; role?: CompanyRole; blocked?: boolean }): number {
  return members
    .map((member) => (member.userId === change.userId ? { ...member, ...(change.role ? { role: change.role } : {}), ...(change.blocked !== undefined ? { blocked: change.blocked } : {}) } : member))
    .filter((member) => member.role === 'admin' && !member.blocked).length;
}

/**
 * What the user's role allows in each company, as the companies answer carries it (the domain's table, applied by the
 * server): the web hides what a role cannot do — the server refuses it anyway. Screens for one company ask about that
 * company (usually the company in use); screens of the user's own things ask whether any company allows the action.
 */
import type { TCompany } from '@portal/contracts';
import { COMPANY_ACTION_LABELS, COMPANY_ROLE_LABELS, type CompanyAction } from '@portal/domain';
import { usePartners } from './api/get-partners';

export const companyMay = (company: Pick<TCompany, 'actions'> | undefined, action: CompanyAction): boolean => Boolean(company?.actions.includes(action));

export const anyCompanyMay = (companies: ReadonlyArray<Pick<TCompany, 'actions'>>, action: CompanyAction): boolean =>
  companies.some((company) => company.actions.includes(action));

/** Whether any of the user's companies allows the action; `known` is false while the companies load (show nothing new). */
export function useMayAnywhere(action: CompanyAction): { may: boolean; known: boolean } {
  const partners = usePartners();
  return { may: anyCompanyMay(partners.data ?? [], action), known: partners.isSuccess };
}

/** The Russian sentence a screen shows instead of what the role cannot do. */
export function roleRefusalText(companies: ReadonlyArray<Pick<TCompany, 'role'>>, action: CompanyAction): string {
  const roles = [...new Set(companies.map((company) => COMPANY_ROLE_LABELS[company.role]))];
  const held = roles.length === 1 ? `Ваша роль «${roles[0]}»` : 'Ваши роли в компаниях';
  return `${held} не ${roles.length === 1 ? 'позволяет' : 'позволяют'} ${COMPANY_ACTION_LABELS[action]}. Обратитесь к администратору компании.`;
}

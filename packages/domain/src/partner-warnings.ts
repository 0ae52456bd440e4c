/**
 * Partner data warnings (spec §5): what is wrong with a user's companies and contracts that stops or skews ordering.
 * Each condition has its own code and a Russian message that says what it means and what to do.
 */
import { shortenCompanyName } from './company-name';
import { contractCredit, creditAlerts, type CreditContract } from './contract-credit';
import { ORGANISATION, ORGANISATION_NAMES, type OrganisationGuid } from './constants';
import { formatPrice } from './format';

export interface WarnedContract extends CreditContract {
  guid: string;
  name: string;
  contract: string;
  date: number;
  deferment: number;
  case: string;
  debt: number;
  discount: number;
}

export interface WarnedCompany {
  uid: string;
  name: string;
  storages: readonly WarnedContract[];
}

export type PartnerWarningCode =
  | 'NO_COMPANIES'
  | 'NO_CONTRACTS'
  | 'UNDATED_DEBT'
  | 'OVERDUE_DEBT'
  | 'DEBT_OVER_LIMIT'
  | 'NO_DISCOUNT'
  | 'MISSING_CONTRACT'
  | 'UNEQUAL_DISCOUNTS';

export interface PartnerWarning {
  code: PartnerWarningCode;
  message: string;
  /** The company the warning is about (absent for NO_COMPANIES). */
  companyUid?: string;
  /** The contract (its organisation guid) the warning is about, when it is about one. */
  contractGuid?: string;
}

/** The organisations every company needs a contract with (spec §5). */
export const REQUIRED_ORGANISATIONS: readonly OrganisationGuid[] = [ORGANISATION.FRO, ORGANISATION.ES];

/** A contract that grants payment deferment (a prepayment contract has nothing to be overdue). */
export function isDefermentContract(contract: Pick<WarnedContract, 'deferment' | 'case'>): boolean {
  return contract.deferment > 0 && contract.case !== 'prepayment';
}

const percent = (value: number) => `${Number(value.toFixed(2))} %`;
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const contractLabel = (contract: WarnedContract) =>
  contract.contract ? `«${contract.name}» (${contract.contract})` : `«${contract.name}»`;

/**
 * Warnings of all the user's companies, in company order; one NO_COMPANIES warning when there are none. `today` is the
 * Moscow day ('YYYY-MM-DD') the documents' terms are judged on.
 */
export function partnerWarnings(companies: readonly WarnedCompany[], today: string): PartnerWarning[] {
  if (companies.length === 0) {
    return [
      {
        code: 'NO_COMPANIES',
        message:
          'К вашей учётной записи не привязана ни одна компания, поэтому заказы оформить нельзя. Обратитесь к менеджеру, чтобы подключить компанию.',
      },
    ];
  }
  return companies.flatMap((company) => companyWarnings(company, today));
}

/** Warnings of one company on `today` (a Moscow day). */
export function companyWarnings(company: WarnedCompany, today: string): PartnerWarning[] {
  const companyUid = company.uid;
  if (company.storages.length === 0) {
    return [
      {
        code: 'NO_CONTRACTS',
        companyUid,
        message: `У компании ${shortenCompanyName(company.name)} нет ни одного договора, поэтому заказы по ней оформить нельзя. Обратитесь к менеджеру.`,
      },
    ];
  }
  const warnings: PartnerWarning[] = [];

  for (const contract of company.storages) {
    if (contract.date < 0 && isDefermentContract(contract) && contract.debt > 0) {
      warnings.push({
        code: 'UNDATED_DEBT',
        companyUid,
        contractGuid: contract.guid,
        message: `Договор ${contractLabel(contract)}: задолженность ${formatPrice(contract.debt)} при отсрочке ${contract.deferment} дн., а дата оплаты не определена — долг может считаться просроченным. Погасите задолженность или уточните срок у менеджера.`,
      });
    }
  }

  // Credit: an overdue document or a debt above the limit is never «all well» (the order's own excess is the order page's).
  for (const contract of company.storages) {
    for (const alert of creditAlerts(contractCredit(contract, 0, today))) {
      if (alert.code === 'ORDER_OVER_LIMIT') continue;
      warnings.push({ code: alert.code, companyUid, contractGuid: contract.guid, message: `Договор ${contractLabel(contract)}: ${lowerFirst(alert.message)}` });
    }
  }

  for (const contract of company.storages) {
    if (contract.discount <= 0) {
      warnings.push({
        code: 'NO_DISCOUNT',
        companyUid,
        contractGuid: contract.guid,
        message: `Договор ${contractLabel(contract)}: скидка не установлена (${percent(contract.discount)}), товары по нему пойдут по полной цене. Обратитесь к менеджеру, чтобы её назначить.`,
      });
    }
  }

  for (const organisation of REQUIRED_ORGANISATIONS) {
    if (!company.storages.some((contract) => contract.guid === organisation)) {
      warnings.push({
        code: 'MISSING_CONTRACT',
        companyUid,
        contractGuid: organisation,
        message: `Нет договора с ${ORGANISATION_NAMES[organisation]}: товары, которые отгружает эта организация, заказать не получится. Обратитесь к менеджеру, чтобы заключить договор.`,
      });
    }
  }

  const discounts = new Set(company.storages.map((contract) => contract.discount));
  if (discounts.size > 1) {
    const list = company.storages.map((contract) => `${contract.name} — ${percent(contract.discount)}`).join(', ');
    warnings.push({
      code: 'UNEQUAL_DISCOUNTS',
      companyUid,
      message: `Скидки по договорам различаются (${list}): к каждому товару в заказе применится скидка договора с организацией, которая его отгружает.`,
    });
  }

  return warnings;
}

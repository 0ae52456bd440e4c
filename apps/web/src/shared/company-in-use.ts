/**
 * The company in use: the one of the user's companies whose prices the catalogue, the product page and the working
 * order show (docs/decisions.md "Money: credit and price types"). Choosing the order's company chooses it, and the
 * catalogue and the product page can switch it. Kept in localStorage (`company_in_use`) so a reload keeps it; a uid
 * that is not one of the signed-in user's companies (another user on this browser) falls back to the first company.
 */
import type { TCompany } from '@portal/contracts';
import { useEffect } from 'react';
import { create } from 'zustand';
import { usePartners } from './api/get-partners';
import { STORAGE_KEYS } from './storage-keys';

function readSaved(): string {
  try {
    return localStorage.getItem(STORAGE_KEYS.companyInUse) ?? '';
  } catch {
    return '';
  }
}

/** Storage full or disabled: the choice still holds for this visit, and the next one asks once the companies come. */
function save(uid: string): void {
  try {
    localStorage.setItem(STORAGE_KEYS.companyInUse, uid);
  } catch {
    // nothing to keep it in
  }
}

interface CompanyInUseState {
  uid: string;
  choose(uid: string): void;
}

export const useCompanyInUseStore = create<CompanyInUseState>((set) => ({
  uid: readSaved(),
  choose(uid) {
    save(uid);
    set({ uid });
  },
}));

/** The company in use among the user's companies (undefined while they load, or when the user has none). */
export function companyInUse(companies: readonly TCompany[], uid: string): TCompany | undefined {
  return companies.find((company) => company.uid === uid) ?? companies[0];
}

export function useCompanyInUse() {
  const partners = usePartners();
  const uid = useCompanyInUseStore((state) => state.uid);
  const choose = useCompanyInUseStore((state) => state.choose);
  const companies = partners.data ?? [];
  const company = companyInUse(companies, uid);
  const fallback = uid === '' ? company?.uid : undefined;
  // With none chosen, the company the screens fell back to is remembered (the store is left as it is: nothing changes
  // on screen), so the next visit's catalogue asks for its prices from the boot script, before the companies have
  // come (src/app/opening-screen.ts).
  useEffect(() => {
    if (fallback && !readSaved()) save(fallback);
  }, [fallback]);
  return { company, companies, loading: partners.isPending, choose };
}

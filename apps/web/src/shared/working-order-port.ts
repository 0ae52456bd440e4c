/**
 * What the catalogue may do with the working order, without importing the orders feature (features do not import
 * each other): app/ provides the implementation over the order store. Absent (null) outside the app, e.g. in tests.
 */
import type { TCompany, TProductSearchResult } from '@portal/contracts';
import { createContext, useContext } from 'react';

export interface WorkingOrderPort {
  /** Units of each offer (by guid) the working order holds now, stock and pre-order together. */
  held(): ReadonlyMap<string, number>;
  /** Adds the given units per offer guid of one product, priced for the company; answers the units added. */
  add(result: TProductSearchResult, counts: ReadonlyMap<string, number>, company: TCompany): number;
}

export const WorkingOrderContext = createContext<WorkingOrderPort | null>(null);

export function useWorkingOrderPort(): WorkingOrderPort | null {
  return useContext(WorkingOrderContext);
}

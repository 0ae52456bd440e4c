/** GET /api/companies/{uid}/audit: a page of the company's record, by the filters; and its CSV or XLSX export. */
import type { TAuditPage } from '@portal/contracts';
import type { AuditAction } from '@portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, apiFile, saveFile } from '../../../shared/api/client';

/** The record's filters: a person (user id), an action, a Moscow period ('YYYY-MM-DD', both ends included). */
export interface AuditFilter {
  person?: number;
  action?: AuditAction;
  from?: string;
  to?: string;
}

const queryOf = (filter: AuditFilter & { page?: number }) => ({ ...filter });

export function useAuditPage(uid: string, filter: AuditFilter & { page: number }) {
  return useQuery({
    queryKey: ['audit', uid, filter],
    queryFn: ({ signal }) => api<TAuditPage>(`/companies/${encodeURIComponent(uid)}/audit`, { query: queryOf(filter), signal }),
    placeholderData: keepPreviousData,
  });
}

export async function downloadAudit(uid: string, filter: AuditFilter, format: 'csv' | 'xlsx'): Promise<void> {
  const { blob, fileName } = await apiFile(`/companies/${encodeURIComponent(uid)}/audit/export`, { query: { ...queryOf(filter), format } });
  saveFile(blob, fileName ?? `journal.${format}`);
}

/** GET /api/services/proposal/org/{inn} (spec §7): the organisation's name by INN; `text` is the name to use. */
import { useMutation } from '@tanstack/react-query';
import type { TProposalOrg } from '@portal/contracts';
import { api } from '../../../shared/api/client';

export const findOrganisation = (inn: string) => api<TProposalOrg>(`/services/proposal/org/${encodeURIComponent(inn.trim())}`);

export const useFindOrganisation = () => useMutation({ mutationFn: findOrganisation });

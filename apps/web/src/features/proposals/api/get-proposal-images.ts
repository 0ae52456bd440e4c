/** GET /api/services/proposal/{logo|banner}/list (spec §7): the user's library in upload order. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProposalImage, TProposalImageKind } from '@portal/contracts';
import { api } from '../../../shared/api/client';
import { reportError } from '../../../shared/errors';

export const IMAGE_ACTIONS = {
  logo: { get: 'GET_KP_LOGO', add: 'ADD_KP_LOGO', delete: 'DELETE_KP_LOGO' },
  banner: { get: 'GET_KP_BANNER', add: 'ADD_KP_BANNER', delete: 'DELETE_KP_BANNER' },
} as const;

export async function getProposalImages(kind: TProposalImageKind, signal?: AbortSignal): Promise<TProposalImage[]> {
  try {
    return await api<TProposalImage[]>(`/services/proposal/${kind}/list`, { signal });
  } catch (error) {
    if ((error as Error).name !== 'AbortError') reportError(IMAGE_ACTIONS[kind].get, error);
    throw error;
  }
}

export const proposalImagesQueryOptions = (kind: TProposalImageKind) =>
  queryOptions({
    queryKey: ['proposal', 'images', kind],
    queryFn: ({ signal }) => getProposalImages(kind, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** Newest first for display (spec §7: the lists are reversed for display). */
export const useProposalImages = (kind: TProposalImageKind) =>
  useQuery({ ...proposalImagesQueryOptions(kind), select: (list) => [...list].reverse() });

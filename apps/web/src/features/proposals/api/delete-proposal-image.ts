/** POST /api/services/proposal/{logo|banner}/delete (spec §7): answers the remaining list. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TProposalImage, TProposalImageKind } from '@portal/contracts';
import { api } from '../../../shared/api/client';
import { reportError } from '../../../shared/errors';
import { IMAGE_ACTIONS, proposalImagesQueryOptions } from './get-proposal-images';

export const deleteProposalImage = (input: { kind: TProposalImageKind; id: number }) =>
  api<{ data: TProposalImage[] }>(`/services/proposal/${input.kind}/delete`, { method: 'POST', body: { id: input.id } });

export function useDeleteProposalImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProposalImage,
    onSuccess: (answer, input) => queryClient.setQueryData(proposalImagesQueryOptions(input.kind).queryKey, answer.data),
    onError: (error, input) => reportError(IMAGE_ACTIONS[input.kind].delete, error),
  });
}

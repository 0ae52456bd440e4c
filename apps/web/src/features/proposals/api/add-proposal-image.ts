/** POST /api/services/proposal/{logo|banner}/add (spec §7): one image file made from a data URL; answers the new list. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TProposalImage, TProposalImageKind } from '@portal/contracts';
import { api } from '../../../shared/api/client';
import { reportError } from '../../../shared/errors';
import { IMAGE_ACTIONS, proposalImagesQueryOptions } from './get-proposal-images';

export function addProposalImage(input: { kind: TProposalImageKind; file: Blob; name: string }) {
  const form = new FormData();
  form.append('file', input.file, input.name);
  return api<{ data: TProposalImage[] }>(`/services/proposal/${input.kind}/add`, { method: 'POST', body: form });
}

export function useAddProposalImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addProposalImage,
    onSuccess: (answer, input) => queryClient.setQueryData(proposalImagesQueryOptions(input.kind).queryKey, answer.data),
    onError: (error, input) => reportError(IMAGE_ACTIONS[input.kind].add, error),
  });
}

/**
 * POST /api/services/proposal/add (spec §7): answers the document, saved as file.pdf or file.docx (the file type is
 * pdf when the request asked for PDF, otherwise docx — spec §4). Failures show «Request SEND_KP error:».
 */
import { useMutation } from '@tanstack/react-query';
import type { TProposalRequest } from '@portal/contracts';
import { apiFile } from '../../../shared/api/client';
import { reportError } from '../../../shared/errors';

export interface ProposalFile {
  blob: Blob;
  fileType: 'pdf' | 'docx';
  fileName: string;
}

export async function sendProposal(request: TProposalRequest): Promise<ProposalFile> {
  const { blob } = await apiFile('/services/proposal/add', { method: 'POST', body: request });
  const fileType = request.as === 'PDF' ? 'pdf' : 'docx';
  return { blob, fileType, fileName: `file.${fileType}` };
}

export const useSendProposal = () => useMutation({ mutationFn: sendProposal, onError: (error) => reportError('SEND_KP', error) });

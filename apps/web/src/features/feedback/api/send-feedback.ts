/** POST /api/user/request/feedback (spec §7): multipart type (error or info), text and files; success is 201. */
import { useMutation } from '@tanstack/react-query';
import type { TFeedbackType } from '@portal/contracts';
import { api } from '../../../shared/api/client';

export interface FeedbackInput {
  type: TFeedbackType;
  text: string;
  files: File[];
}

export function sendFeedback(input: FeedbackInput): Promise<{ id: number }> {
  const form = new FormData();
  form.append('type', input.type);
  form.append('text', input.text);
  for (const file of input.files) form.append('files', file, file.name);
  return api<{ id: number }>('/user/request/feedback', { method: 'POST', body: form });
}

export const useSendFeedback = () => useMutation({ mutationFn: sendFeedback });

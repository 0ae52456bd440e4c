/**
 * The team page's changes, each answering the message and the team as it now is (kept in the ['team', uid] cache):
 * POST …/team/invite, PATCH and DELETE …/team/{userId}, PUT …/team/settings.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTeamInviteBody, TTeamMemberChange, TTeamMessage } from '@portal/contracts';
import { api } from '../../../shared/api/client';
import { teamQueryKey } from './get-team';

const base = (uid: string) => `/partners/${encodeURIComponent(uid)}/team`;

export const inviteColleague = (uid: string, body: TTeamInviteBody) => api<TTeamMessage>(`${base(uid)}/invite`, { method: 'POST', body });
export const changeColleague = (uid: string, userId: number, body: TTeamMemberChange) => api<TTeamMessage>(`${base(uid)}/${userId}`, { method: 'PATCH', body });
export const removeColleague = (uid: string, userId: number) => api<TTeamMessage>(`${base(uid)}/${userId}`, { method: 'DELETE' });
export const setApprovalOverCredit = (uid: string, approvalOverCredit: boolean) =>
  api<TTeamMessage>(`${base(uid)}/settings`, { method: 'PUT', body: { approvalOverCredit } });

/** Runs a change and puts the team it answers into the cache; the companies list follows (roles, the setting). */
export function useTeamChange<T>(uid: string, change: (input: T) => Promise<TTeamMessage>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (answer) => {
      client.setQueryData(teamQueryKey(uid), answer.team);
      void client.invalidateQueries({ queryKey: ['partners'] });
    },
  });
}

/** POST /api/user/settings/personal/update (spec §7): multipart with the personal fields and an optional avatar. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUserSettings } from '@portal/contracts';
import { api } from '../../../shared/api/client';
import { settingsQueryOptions } from './get-settings';

export interface PersonalUpdateInput {
  name: string;
  lastname: string;
  patronymic: string;
  email: string;
  phone: string;
  avatar?: File | null;
  removeAvatar?: boolean;
}

export function updatePersonal(input: PersonalUpdateInput): Promise<TUserSettings> {
  const form = new FormData();
  for (const key of ['name', 'lastname', 'patronymic', 'email', 'phone'] as const) form.append(key, input[key]);
  if (input.removeAvatar) form.append('removeAvatar', 'true');
  if (input.avatar) form.append('avatar', input.avatar, input.avatar.name);
  return api<TUserSettings>('/user/settings/personal/update', { method: 'POST', body: form });
}

export function useUpdatePersonal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePersonal,
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsQueryOptions().queryKey, settings);
      // The header shows the user's name.
      void queryClient.invalidateQueries({ queryKey: ['auth', 'me'] });
    },
  });
}

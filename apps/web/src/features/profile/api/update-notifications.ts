/** POST /api/user/settings/notifications/update (spec §7). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TNotificationSettings, TUserSettings } from '@portal/contracts';
import { api } from '../../../shared/api/client';
import { settingsQueryOptions } from './get-settings';

export const updateNotifications = (settings: TNotificationSettings) =>
  api<TNotificationSettings>('/user/settings/notifications/update', { method: 'POST', body: settings });

export function useUpdateNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotifications,
    onSuccess: (notifications) => {
      queryClient.setQueryData<TUserSettings>(settingsQueryOptions().queryKey, (old) => (old ? { ...old, notifications } : old));
    },
  });
}

/** GET /api/user/settings (spec §7): personal data and notification settings. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUserSettings } from '@portal/contracts';
import { api } from '../../../shared/api/client';

export const getSettings = (signal?: AbortSignal) => api<TUserSettings>('/user/settings', { signal });

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: ['user', 'settings'], queryFn: ({ signal }) => getSettings(signal) });

export const useSettings = () => useQuery(settingsQueryOptions());

/** /profile: personal data with the avatar, the notification settings, and the password. */
import { Box, LoadingOverlay, Skeleton, Stack } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useReportError } from '../../shared/lib/use-report-error';
import { LoadFailedAlert } from '../../shared/ui/load-failed-alert';
import { PageHeader } from '../../shared/ui/page-header';
import { useSettings } from './api/get-settings';
import { NotificationSettings } from './components/notification-settings';
import { PasswordForm } from './components/password-form';
import { PersonalForm } from './components/personal-form';

/** Spec §4/§9: the loading flag clears 0.5 s after the settings have loaded. */
export const PROFILE_LOADING_DELAY_MS = 500;

/** True until `delay` ms after `loaded` first turns true. */
export function useLoadingFlag(loaded: boolean, delay = PROFILE_LOADING_DELAY_MS): boolean {
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    if (!loaded) return;
    const timer = setTimeout(() => setLoading(false), delay);
    return () => clearTimeout(timer);
  }, [loaded, delay]);
  return loading;
}

export function ProfilePage() {
  const settings = useSettings();
  useReportError('GET_SETTINGS', settings.error);
  const loading = useLoadingFlag(settings.isSuccess);

  return (
    <Stack gap="lg" maw={920} data-testid="profile-page" data-loading={loading || undefined}>
      <PageHeader icon={<IconUserCircle size={26} stroke={1.6} />} title="Профиль" text="Ваши данные для связи, настройки уведомлений и пароль." />
      {settings.isError ? (
        <LoadFailedAlert title="Профиль не загрузился" error={settings.error} onRetry={() => void settings.refetch()} />
      ) : !settings.data ? (
        <>
          <Skeleton height={380} radius="md" />
          <Skeleton height={260} radius="md" />
        </>
      ) : (
        <Box pos="relative">
          <LoadingOverlay visible={loading} zIndex={10} overlayProps={{ radius: 'md', blur: 1 }} loaderProps={{ role: 'status', 'aria-label': 'Загрузка профиля' }} />
          <Stack gap="lg">
            <PersonalForm personal={settings.data.personal} />
            <NotificationSettings settings={settings.data.notifications} />
            <PasswordForm />
          </Stack>
        </Box>
      )}
    </Stack>
  );
}

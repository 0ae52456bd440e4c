/** /profile: personal data with the avatar, and the notification settings. */
import { Alert, Box, Button, LoadingOverlay, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useReportError } from '../../shared/lib/use-report-error';
import { useSettings } from './api/get-settings';
import { NotificationSettings } from './components/notification-settings';
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
      <div>
        <Title order={2}>Профиль</Title>
        <Text c="dimmed" size="sm">
          Ваши данные для связи и настройки уведомлений.
        </Text>
      </div>
      {settings.isError ? (
        <Alert color="red" title="Профиль не загрузился">
          <Text size="sm" mb="sm">
            {settings.error.message}
          </Text>
          <Button size="xs" variant="light" color="red" onClick={() => void settings.refetch()}>
            Повторить
          </Button>
        </Alert>
      ) : !settings.data ? (
        <>
          <Skeleton height={380} radius="md" />
          <Skeleton height={260} radius="md" />
        </>
      ) : (
        <Box pos="relative">
          <LoadingOverlay visible={loading} zIndex={10} overlayProps={{ radius: 'md', blur: 1 }} loaderProps={{ 'aria-label': 'Загрузка профиля' }} />
          <Stack gap="lg">
            <PersonalForm personal={settings.data.personal} />
            <NotificationSettings settings={settings.data.notifications} />
          </Stack>
        </Box>
      )}
    </Stack>
  );
}

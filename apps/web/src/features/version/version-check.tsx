/**
 * The version check at start (spec §4, §8): current → nothing; outdated → a red banner with both versions;
 * failed (an error in the answer, a network or parse failure) → a red error banner with the error text.
 * Both banners are fixed to the top, full width, above everything else (z-index 1000).
 */
import { Box, CloseButton, Group, Text } from '@mantine/core';
import { CLIENT_VERSION, isClientOutdated } from '@portal/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useLatestVersion } from './api/get-latest-version';

function Banner({ testId, children, onHide }: { testId: string; children: ReactNode; onHide: () => void }) {
  return (
    <Box
      role="alert"
      data-testid={testId}
      px="lg"
      py="sm"
      bg="#C92A2A"
      c="white"
      style={{ position: 'fixed', top: 0, left: 0, right: 0, width: '100%', zIndex: 1000, boxShadow: '0 2px 12px rgba(0,0,0,0.25)' }}
    >
      <Group gap="sm" wrap="nowrap" justify="center" maw={1200} mx="auto">
        <IconAlertTriangle size={22} style={{ flexShrink: 0 }} />
        <Text fz="sm" fw={500} style={{ flex: 1 }}>
          {children}
        </Text>
        <CloseButton variant="transparent" c="white" aria-label="Скрыть" onClick={onHide} />
      </Group>
    </Box>
  );
}

export function VersionCheck({ current = CLIENT_VERSION }: { current?: string }) {
  const latest = useLatestVersion();
  const [hidden, setHidden] = useState(false);
  if (hidden || latest.isPending) return null;

  if (latest.isError) {
    return (
      <Banner testId="version-error-banner" onHide={() => setHidden(true)}>
        Ошибка при проверке версии клиента. Если вы видите это окно, обратитесь к вашему менеджеру. Ошибка:{' '}
        {latest.error.message}
      </Banner>
    );
  }

  if (!isClientOutdated(current, latest.data)) return null;

  return (
    <Banner testId="version-outdated-banner" onHide={() => setHidden(true)}>
      Вы используете устаревшую версию клиента: {current}. Последняя версия: {latest.data}. Очистите локальный кэш этого
      сайта в браузере (или обновите страницу с очисткой кэша: Ctrl+Shift+R) либо обратитесь к вашему менеджеру.
    </Banner>
  );
}

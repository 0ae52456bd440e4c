/**
 * The version check at start (spec §4, §8): current → nothing; outdated → a red banner with both versions;
 * failed (an error in the answer, a network or parse failure) → a red error banner with the error text.
 * Both banners are fixed to the top, full width, above everything else (z-index 1000).
 */
import { Box, CloseButton, Group, Text } from '@mantine/core';
import { CLIENT_VERSION, isClientOutdated } from '@portal/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLatestVersion } from './api/get-latest-version';

/** The banner's height, for the shell to move below it rather than be covered (0 when no banner shows). */
export const BANNER_HEIGHT_VAR = '--portal-banner-height';

function Banner({ testId, children, onHide }: { testId: string; children: ReactNode; onHide: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = document.documentElement;
    const banner = ref.current;
    if (!banner) return;
    const publish = () => root.style.setProperty(BANNER_HEIGHT_VAR, `${banner.getBoundingClientRect().height}px`);
    publish();
    // The text wraps differently as the window narrows: follow the banner's real height.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(banner);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(BANNER_HEIGHT_VAR);
    };
  }, []);
  return (
    <Box
      ref={ref}
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

/** The shell's top bar: the brand, the product search, novelties, notifications, dark mode and the user's menu. */
import { pluralRu } from '@portal/domain';
import { ActionIcon, Box, Group, Indicator, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconBell, IconChevronDown, IconMoon, IconSparkles, IconSun, IconUser } from '@tabler/icons-react';
import { Suspense, lazy, useState, type ComponentPropsWithoutRef } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useCurrentUser } from '../../features/auth/api/get-current-user';
import { selectUnreadCount, useNotificationsStore } from '../../shared/notifications-store';
import { ProductSearch } from '../../features/products/components/product-search';
import { UserAvatar } from '../../features/profile/components/user-avatar';
import { useDarkModeStore } from '../../shared/dark-mode';
import { BrandMark } from '../../shared/ui/brand-mark';
import { Hint } from '../../shared/ui/hint';
import { selectHasUnreadNovelties, useNoveltiesStore } from './novelties-store';
import classes from './shell.module.css';

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

/** «1 непрочитанное», «2 непрочитанных»: the bell's name for a screen reader. */
const UNREAD = { one: 'непрочитанное', few: 'непрочитанных', many: 'непрочитанных' };

const loadAccountMenu = () => import('./account-menu');
const AccountMenu = lazy(() => loadAccountMenu().then((m) => ({ default: m.AccountMenu })));

export function Header({ onOpenNotifications, onOpenNovelties }: { onOpenNotifications: () => void; onOpenNovelties: () => void }) {
  const dark = useDarkModeStore((state) => state.dark);
  const toggleDark = useDarkModeStore((state) => state.toggle);
  const count = useNotificationsStore(selectUnreadCount);
  const unreadNovelties = useNoveltiesStore(selectHasUnreadNovelties);
  const user = useCurrentUser();
  const fullName = user.data ? [user.data.name, user.data.lastname].filter(Boolean).join(' ') || user.data.login : '';
  // The account menu's code comes when the button is first pointed at or focused, and the menu opens on the press.
  const [menuWanted, setMenuWanted] = useState(false);
  const preloadMenu = () => void loadAccountMenu().catch(() => {});

  const accountButton = (props: ComponentPropsWithoutRef<'button'>) => (
    // No aria-label: the button is named by what it shows (the user's name), with «Учётная запись» said first.
    <UnstyledButton px={6} py={4} style={{ borderRadius: 'var(--mantine-radius-md)' }} {...props}>
      <VisuallyHidden>Учётная запись</VisuallyHidden>
      <Group gap={8} wrap="nowrap">
        <UserAvatar size={34} radius="xl" color="blue" variant="filled" fallback={fullName ? initials(fullName) : <IconUser size={18} />} />
        <Box visibleFrom="sm" maw={160}>
          <Text fz="sm" fw={600} lh={1.2} truncate>
            {fullName || 'Пользователь'}
          </Text>
          {user.data?.login && (
            <Text fz="xs" c="dimmed" lh={1.2} truncate>
              {user.data.login}
            </Text>
          )}
        </Box>
        <Box visibleFrom="sm" display="flex">
          <IconChevronDown size={14} />
        </Box>
      </Group>
    </UnstyledButton>
  );
  const closedAccountButton = accountButton({
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerEnter: preloadMenu,
    onFocus: preloadMenu,
    onClick: () => setMenuWanted(true),
  });

  return (
    <header className={classes.header}>
      {/* Named by what it shows (the mark is decorative beside the words), so the spoken name starts with the visible one. */}
      <Link to={paths.home} className={classes.brand}>
        <Box aria-hidden display="contents">
          <BrandMark size={34} />
        </Box>
        <Box className={classes.brandText}>
          <Text fw={800} fz="md" lh={1.1}>
            Портал дилера
          </Text>
          <Text fz={11} c="dimmed" lh={1.2}>
            спецодежда и спецобувь
          </Text>
        </Box>
        <VisuallyHidden>— на главную</VisuallyHidden>
      </Link>
      <Box className={classes.search} ml={{ base: 0, md: 'xl' }}>
        <ProductSearch />
      </Box>
      <Group gap={4} ml="auto" wrap="nowrap">
        <Hint label="Что нового">
          <Indicator disabled={!unreadNovelties} color="orange" size={9} offset={6} processing>
            <ActionIcon variant="subtle" color="gray" size={40} radius="md" onClick={onOpenNovelties} aria-label="Новинки">
              <IconSparkles size={21} stroke={1.6} />
            </ActionIcon>
          </Indicator>
        </Hint>
        <Hint label="Уведомления">
          <Indicator disabled={count === 0} label={count > 99 ? '99+' : count} size={17} color="red" offset={6} withBorder>
            <ActionIcon
              variant="subtle"
              color="gray"
              size={40}
              radius="md"
              onClick={onOpenNotifications}
              aria-label={count ? `Уведомления: ${count} ${pluralRu(count, UNREAD)}` : 'Уведомления'}
            >
              <IconBell size={21} stroke={1.6} />
            </ActionIcon>
          </Indicator>
        </Hint>
        <Hint label={dark ? 'Светлая тема' : 'Тёмная тема'} className={classes.wideOnly}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size={40}
            radius="md"
            onClick={toggleDark}
            aria-label="Тёмная тема"
            aria-pressed={dark}
            data-testid="dark-mode-toggle"
          >
            {dark ? <IconSun size={21} stroke={1.6} /> : <IconMoon size={21} stroke={1.6} />}
          </ActionIcon>
        </Hint>
        {menuWanted ? (
          <Suspense fallback={closedAccountButton}>
            <AccountMenu target={accountButton({})} dark={dark} onToggleDark={toggleDark} defaultOpened />
          </Suspense>
        ) : (
          closedAccountButton
        )}
      </Group>
    </header>
  );
}

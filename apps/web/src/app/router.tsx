import { createBrowserRouter, type RouteObject } from 'react-router';
import { getLocale, loadFullCatalogue } from '../shared/i18n/i18n.ts';
import { loadMessages } from '../shared/i18n/locale-resources.ts';
import { getSession } from '../shared/session/session-store.ts';
import { BootLoading } from './boot-loading.tsx';
import { RouteErrorPage } from './pages/route-error-page.tsx';
import { loadQueryClient } from './query-client.ts';
import { RootLayout } from './root-layout.tsx';
import { isPublicPath } from './route-guard.ts';
import { preloadRouteChunks } from './routes/lazy-page.ts';
import { catchAllRoute, publicRoutes } from './routes/public-routes.tsx';
import { ensureUserLoaded } from './session-loader.ts';

export const ROOT_ROUTE_ID = 'root';

export const rootRoutes = (): RouteObject[] => [
  {
    id: ROOT_ROUTE_ID,
    Component: RootLayout,
    HydrateFallback: BootLoading,
    ErrorBoundary: RouteErrorPage,
    children: [...publicRoutes, catchAllRoute],
  },
];

/**
 * The signed-in routes are added after the user information loads: an unknown
 * path asks `patchRoutesOnNavigation`, which loads the user and then patches the protected table in.
 */
export function createAppRouter() {
  let isPatched = false;
  return createBrowserRouter(rootRoutes(), {
    async patchRoutesOnNavigation({ path, patch }) {
      if (isPatched || isPublicPath(path) || !getSession().token) return;
      await Promise.all([ensureUserLoaded(), loadFullCatalogue(), loadQueryClient()]);
      // A rejected account or an expired token ended the session: the guard sends the user to sign in.
      if (!getSession().token) return;
      const { protectedRoutes } = await import('./routes/protected-routes.tsx');
      patch(ROOT_ROUTE_ID, protectedRoutes);
      isPatched = true;
    },
  });
}

/**
 * A cold load of a signed-in page: starts what its first screen waits for (the user, the rest of the
 * catalogue, the query client, the signed-in route table and the page's chunks) while the language
 * loads, where each waited for the one before.
 */
export function preloadSignedInPage(pathname: string) {
  if (isPublicPath(pathname) || !getSession().token) return;
  void ensureUserLoaded();
  loadMessages(getLocale(), 'rest').catch(() => {});
  loadQueryClient().catch(() => {});
  import('./routes/protected-routes.tsx')
    .then(({ protectedRoutes }) => preloadRouteChunks(protectedRoutes, pathname))
    .catch(() => {
      // The router loads the table again and reports a failure.
    });
}

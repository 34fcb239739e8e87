import { createBrowserRouter, type RouteObject } from 'react-router';
import { loadFullCatalogue } from '../shared/i18n/i18n.ts';
import { getSession } from '../shared/session/session-store.ts';
import { FullPageLoading } from '../shared/ui/full-page-loading.tsx';
import { RouteErrorPage } from './pages/route-error-page.tsx';
import { RootLayout } from './root-layout.tsx';
import { isPublicPath } from './route-guard.ts';
import { catchAllRoute, publicRoutes } from './routes/public-routes.tsx';
import { ensureUserLoaded } from './session-loader.ts';

export const ROOT_ROUTE_ID = 'root';

export const rootRoutes = (): RouteObject[] => [
  {
    id: ROOT_ROUTE_ID,
    Component: RootLayout,
    HydrateFallback: FullPageLoading,
    ErrorBoundary: RouteErrorPage,
    children: [...publicRoutes, catchAllRoute],
  },
];

/**
 * The signed-in routes are added after the user information loads (spec part A section 2): an unknown
 * path asks `patchRoutesOnNavigation`, which loads the user and then patches the protected table in.
 */
export function createAppRouter() {
  let isPatched = false;
  return createBrowserRouter(rootRoutes(), {
    async patchRoutesOnNavigation({ path, patch }) {
      if (isPatched || isPublicPath(path) || !getSession().token) return;
      await Promise.all([ensureUserLoaded(), loadFullCatalogue()]);
      // A rejected account or an expired token ended the session: the guard sends the user to sign in.
      if (!getSession().token) return;
      const { protectedRoutes } = await import('./routes/protected-routes.tsx');
      patch(ROOT_ROUTE_ID, protectedRoutes);
      isPatched = true;
    },
  });
}

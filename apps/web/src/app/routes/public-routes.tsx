import type { RouteObject } from 'react-router';
import type { RouteMeta } from '../route-guard.ts';
import { comingSoonPage } from './coming-soon-route.ts';
import { lazyPage } from './lazy-page.ts';

const meta = (titleKey: string, extra: Omit<RouteMeta, 'titleKey'> = {}): RouteMeta => ({
  titleKey,
  ...extra,
});

/** Pages an anonymous visitor may open (spec part A section 2); see PUBLIC_PATHS in the guard. */
export const publicRoutes: RouteObject[] = [
  {
    path: 'login',
    handle: meta('route.login'),
    lazy: lazyPage(
      () => import('../../features/auth/pages/login-page.tsx'),
      (module) => module.LoginPage,
    ),
  },
  {
    path: 'test',
    handle: meta('route.test'),
    lazy: lazyPage(
      () => import('../../features/system/pages/test-page.tsx'),
      (module) => module.TestPage,
    ),
  },
  {
    path: 'register',
    handle: meta('route.register'),
    lazy: lazyPage(
      () => import('../../features/auth/pages/register-page.tsx'),
      (module) => module.RegisterPage,
    ),
  },
  {
    path: 'forget',
    handle: meta('route.forget'),
    lazy: lazyPage(
      () => import('../../features/auth/pages/forget-page.tsx'),
      (module) => module.ForgetPage,
    ),
  },
  {
    path: 'google_auth/:google_code?',
    handle: meta('route.google_auth'),
    lazy: lazyPage(
      () => import('../../features/auth/pages/google-auth-page.tsx'),
      (module) => module.GoogleAuthPage,
    ),
  },
  {
    path: 'join-team/:invite_code',
    handle: meta('route.join_team'),
    lazy: lazyPage(
      () => import('../../features/teams/pages/join-team-page.tsx'),
      (module) => module.JoinTeamPage,
    ),
  },
  {
    path: 'chat-share/:share_code',
    handle: meta('route.chat_share'),
    lazy: comingSoonPage('chat_share', 'standalone'),
  },
  {
    path: '404',
    handle: meta('route.not_found'),
    lazy: lazyPage(
      () => import('../pages/not-found-page.tsx'),
      (module) => module.NotFoundPage,
    ),
  },
  {
    path: '401',
    handle: meta('route.unauthorised'),
    lazy: lazyPage(
      () => import('../pages/unauthorised-page.tsx'),
      (module) => module.UnauthorisedPage,
    ),
  },
];

/** Unknown paths: the guard sends visitors to sign in and signed-in users to /404. */
export const catchAllRoute: RouteObject = {
  path: '*',
  handle: { catchAll: true } satisfies RouteMeta,
  Component: () => null,
};

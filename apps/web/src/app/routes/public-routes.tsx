import type { RouteObject } from 'react-router';
import type { RouteMeta } from '../route-guard.ts';
import { lazyPage } from './lazy-page.ts';

const meta = (titleKey: string, extra: Omit<RouteMeta, 'titleKey'> = {}): RouteMeta => ({
  titleKey,
  ...extra,
});

/** Sign-in and the status pages need only the first part of the catalogue, and no query client. */
const START_PAGE = { catalogue: 'start', usesQueries: false } as const;

/** Pages an anonymous visitor may open; see PUBLIC_PATHS in the guard. */
export const publicRoutes: RouteObject[] = [
  {
    path: 'login',
    handle: meta('route.login'),
    lazy: lazyPage(
      () => import('../../features/auth/pages/login-page.tsx'),
      (module) => module.LoginPage,
      START_PAGE,
    ),
  },
  {
    path: 'test',
    handle: meta('route.test'),
    lazy: lazyPage(
      () => import('../../features/system/pages/test-page.tsx'),
      (module) => module.TestPage,
      { catalogue: 'start' },
    ),
  },
  {
    path: 'register',
    handle: meta('route.register'),
    lazy: lazyPage(
      () => import('../../features/auth/pages/register-page.tsx'),
      (module) => module.RegisterPage,
      START_PAGE,
    ),
  },
  {
    path: 'forget',
    handle: meta('route.forget'),
    lazy: lazyPage(
      () => import('../../features/auth/pages/forget-page.tsx'),
      (module) => module.ForgetPage,
      START_PAGE,
    ),
  },
  {
    path: 'google_auth/:google_code?',
    handle: meta('route.google_auth'),
    lazy: lazyPage(
      () => import('../../features/auth/pages/google-auth-page.tsx'),
      (module) => module.GoogleAuthPage,
      START_PAGE,
    ),
  },
  {
    path: 'dev/outbox',
    handle: meta('route.dev_outbox'),
    lazy: lazyPage(
      () => import('../../features/system/pages/dev-outbox-page.tsx'),
      (module) => module.DevOutboxPage,
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
    lazy: lazyPage(
      () => import('../../features/chat/pages/shared-chat-page.tsx'),
      (module) => module.SharedChatPage,
    ),
  },
  {
    // A document's read-only share link (the signed-in route without a share code is the editor).
    path: 'projects/:doc_uniq_code/:share_code',
    handle: meta('route.project_document'),
    lazy: lazyPage(
      () => import('../../features/projects/editor/document-page.tsx'),
      (module) => module.DocumentPage,
    ),
  },
  {
    // A PDF's read-only share link (the signed-in route without a share code is the viewer).
    path: 'projects/pdf/:uniq_code/:share_code',
    handle: meta('route.project_document'),
    lazy: lazyPage(
      () => import('../../features/projects/pdf/pdf-viewer-page.tsx'),
      (module) => module.PdfViewerPage,
    ),
  },
  {
    path: 'embed/agent/:agent_key',
    handle: meta('route.embed_agent'),
    lazy: lazyPage(
      () => import('../../features/chat/pages/embed-chat-page.tsx'),
      (module) => module.EmbedChatPage,
    ),
  },
  {
    path: 'terms',
    handle: meta('route.terms'),
    lazy: lazyPage(
      () => import('../../features/system/pages/legal-page.tsx'),
      (module) => module.TermsPage,
    ),
  },
  {
    path: 'privacy',
    handle: meta('route.privacy'),
    lazy: lazyPage(
      () => import('../../features/system/pages/legal-page.tsx'),
      (module) => module.PrivacyPage,
    ),
  },
  {
    path: '404',
    handle: meta('route.not_found'),
    lazy: lazyPage(
      () => import('../pages/not-found-page.tsx'),
      (module) => module.NotFoundPage,
      START_PAGE,
    ),
  },
  {
    path: '401',
    handle: meta('route.unauthorised'),
    lazy: lazyPage(
      () => import('../pages/unauthorised-page.tsx'),
      (module) => module.UnauthorisedPage,
      START_PAGE,
    ),
  },
];

/** Unknown paths: the guard sends visitors to sign in and signed-in users to /404. */
export const catchAllRoute: RouteObject = {
  path: '*',
  handle: { catchAll: true } satisfies RouteMeta,
  Component: () => null,
};

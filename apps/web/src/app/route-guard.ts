import { matchPath } from 'react-router';
import {
  HOME_PATH,
  LOGIN_PATH,
  loginPathFor,
  NOT_FOUND_PATH,
  REDIRECT_PARAM,
  safeRedirectTarget,
} from '../shared/routing/paths.ts';
import { type CurrentTeam, canManageTeam, SUPER_ROLE } from '../shared/session/session-user.ts';

/** What a route declares about itself, in its `handle`. */
export type RouteMeta = {
  /** Locale key of the page title. */
  titleKey?: string;
  /** The user needs one of these roles (`is_super` passes every route). */
  roles?: readonly string[];
  /** Team back office: `team_manage` in a current team that is not personal. */
  requiresTeamManage?: boolean;
  /** The route that catches unknown paths. */
  catchAll?: boolean;
};

/** Paths an anonymous visitor may open. */
export const PUBLIC_PATHS = [
  '/login',
  '/test',
  '/register',
  '/forget',
  '/google_auth/:google_code?',
  '/dev/outbox',
  '/join-team/:invite_code',
  '/chat-share/:share_code',
  '/embed/agent/:agent_key',
  '/terms',
  '/privacy',
  '/404',
  '/401',
] as const;

/**
 * A document's or a PDF's share link; `/projects/space/:uniq_code` is a project's space and
 * `/projects/pdf/:uniq_code` a PDF's viewer, which need a session.
 */
const isDocumentShareLink = (pathname: string) =>
  !!matchPath('/projects/pdf/:uniq_code/:share_code', pathname) ||
  (!!matchPath('/projects/:doc_uniq_code/:share_code', pathname) &&
    !matchPath('/projects/space/:uniq_code', pathname) &&
    !matchPath('/projects/pdf/:uniq_code', pathname));

export const isPublicPath = (pathname: string) =>
  PUBLIC_PATHS.some((pattern) => matchPath(pattern, pathname)) || isDocumentShareLink(pathname);

export type GuardUser = {
  roles: readonly string[];
  currentTeam: Pick<CurrentTeam, 'team_type' | 'team_roles'> | null | undefined;
};

export type GuardInput = {
  pathname: string;
  search: string;
  isAuthenticated: boolean;
  /** Null until the user information has loaded. */
  user: GuardUser | null;
  /** The `handle` of every matched route, outermost first. */
  metas: readonly (RouteMeta | undefined)[];
};

export type GuardDecision =
  | { action: 'allow' }
  | { action: 'load-user' }
  /** Always a replace: the user cannot go back to a page they may not see. */
  | { action: 'redirect'; to: string; messageKey?: string };

const allow: GuardDecision = { action: 'allow' };
const redirect = (to: string, messageKey?: string): GuardDecision =>
  messageKey ? { action: 'redirect', to, messageKey } : { action: 'redirect', to };

export function hasRouteRoles(userRoles: readonly string[], metas: GuardInput['metas']): boolean {
  if (userRoles.includes(SUPER_ROLE)) return true;
  return metas.every((meta) => !meta?.roles?.length || meta.roles.some((role) => userRoles.includes(role)));
}

/** The route guard (sign-in, user information, roles, team management), as a pure decision. */
export function decideRoute({ pathname, search, isAuthenticated, user, metas }: GuardInput): GuardDecision {
  const isPublic = isPublicPath(pathname);
  if (!isAuthenticated) return isPublic ? allow : redirect(loginPathFor(`${pathname}${search}`));
  // Signed in on /login: home, or back to the page that sent the user to sign in.
  if (matchPath(LOGIN_PATH, pathname)) {
    return redirect(safeRedirectTarget(new URLSearchParams(search).get(REDIRECT_PARAM)));
  }
  if (isPublic) return allow;
  // Authenticated routes exist only once the user information has loaded.
  if (!user) return { action: 'load-user' };
  if (metas.some((meta) => meta?.catchAll)) return redirect(NOT_FOUND_PATH);
  if (!hasRouteRoles(user.roles, metas)) return redirect(NOT_FOUND_PATH);
  if (metas.some((meta) => meta?.requiresTeamManage) && !canManageTeam(user.currentTeam)) {
    return redirect(HOME_PATH, 'error.no_management_permission');
  }
  return allow;
}

import { describe, expect, it } from 'vitest';
import { decideRoute, type GuardInput, hasRouteRoles, isPublicPath, type RouteMeta } from './route-guard.ts';

const orgManager = { team_type: 0, team_roles: ['team_manage'] };
const member = { roles: ['user'], currentTeam: { team_type: 0, team_roles: [] } };

const input = (overrides: Partial<GuardInput>): GuardInput => ({
  pathname: '/dashboard',
  search: '',
  isAuthenticated: true,
  user: member,
  metas: [{ titleKey: 'route.dashboard' }],
  ...overrides,
});

const backOffice: RouteMeta[] = [
  { titleKey: 'route.org_admin', requiresTeamManage: true },
  { titleKey: 'x' },
];

describe('public paths', () => {
  it.each([
    '/login',
    '/test',
    '/register',
    '/forget',
    '/google_auth',
    '/google_auth/abc123',
    '/join-team/INVITE1',
    '/chat-share/s-42',
    '/projects/d-7Hk2/s-81x',
    '/404',
    '/401',
  ])('%s is open to visitors', (path) => {
    expect(isPublicPath(path)).toBe(true);
  });

  it.each([
    '/',
    '/dashboard',
    '/chat',
    '/join-team',
    '/chat-share',
    '/org-admin/index',
    '/loginx',
    '/404/x',
    // A document without a share code is the editor; a project's space is no share link.
    '/projects/d-7Hk2',
    '/projects/space/u1',
  ])('%s is not public', (path) => {
    expect(isPublicPath(path)).toBe(false);
  });
});

describe('a visitor without a session', () => {
  it('may open a public page', () => {
    expect(decideRoute(input({ pathname: '/join-team/abc', isAuthenticated: false, user: null }))).toEqual({
      action: 'allow',
    });
  });

  it('is sent to sign in with the original path and query as redirect', () => {
    expect(
      decideRoute(
        input({
          pathname: '/projects/space/u1',
          search: '?tab=docs&x=1',
          isAuthenticated: false,
          user: null,
        }),
      ),
    ).toEqual({
      action: 'redirect',
      to: `/login?redirect=${encodeURIComponent('/projects/space/u1?tab=docs&x=1')}`,
    });
  });

  it('opening the home page goes to plain /login', () => {
    expect(decideRoute(input({ pathname: '/', isAuthenticated: false, user: null }))).toEqual({
      action: 'redirect',
      to: '/login',
    });
  });

  it('an unknown path also asks to sign in rather than revealing a 404', () => {
    expect(
      decideRoute(
        input({ pathname: '/nowhere', isAuthenticated: false, user: null, metas: [{ catchAll: true }] }),
      ),
    ).toEqual({ action: 'redirect', to: '/login?redirect=%2Fnowhere' });
  });
});

describe('a signed-in user', () => {
  it('opening /login goes home', () => {
    expect(decideRoute(input({ pathname: '/login' }))).toEqual({ action: 'redirect', to: '/' });
  });

  it('on /login with a redirect goes back to that page (signing in returns the user where they were)', () => {
    expect(decideRoute(input({ pathname: '/login', search: '?redirect=%2Fchat%3Fa%3D1' }))).toEqual({
      action: 'redirect',
      to: '/chat?a=1',
    });
    expect(decideRoute(input({ pathname: '/login', search: '?redirect=//evil.example' }))).toEqual({
      action: 'redirect',
      to: '/',
    });
  });

  it('may still open other public pages', () => {
    expect(decideRoute(input({ pathname: '/chat-share/abc', user: null }))).toEqual({ action: 'allow' });
  });

  it('waits for the user information before any signed-in route', () => {
    expect(decideRoute(input({ user: null }))).toEqual({ action: 'load-user' });
    expect(decideRoute(input({ pathname: '/nowhere', user: null, metas: [{ catchAll: true }] }))).toEqual({
      action: 'load-user',
    });
  });

  it('opens a route without a role list', () => {
    expect(decideRoute(input({}))).toEqual({ action: 'allow' });
  });

  it('an unknown path goes to /404', () => {
    expect(decideRoute(input({ pathname: '/nowhere', metas: [{ catchAll: true }] }))).toEqual({
      action: 'redirect',
      to: '/404',
    });
  });

  it('passes a route whose roles intersect the user roles', () => {
    expect(decideRoute(input({ metas: [{ roles: ['admin', 'user'] }] }))).toEqual({ action: 'allow' });
  });

  it('is sent to /404 when no role matches', () => {
    expect(decideRoute(input({ metas: [{ roles: ['admin'] }] }))).toEqual({ action: 'redirect', to: '/404' });
  });

  it('must satisfy the roles of every matched level', () => {
    expect(decideRoute(input({ metas: [{ roles: ['user'] }, { roles: ['admin'] }] }))).toEqual({
      action: 'redirect',
      to: '/404',
    });
  });

  it('with is_super passes every role list', () => {
    const superUser = { ...member, roles: ['is_super'] };
    expect(
      decideRoute(input({ user: superUser, metas: [{ roles: ['admin'] }, { roles: ['other'] }] })),
    ).toEqual({
      action: 'allow',
    });
  });
});

describe('the team back office', () => {
  it('opens for team_manage in an organisation team', () => {
    expect(
      decideRoute(
        input({
          pathname: '/org-admin/index',
          metas: backOffice,
          user: { roles: [], currentTeam: orgManager },
        }),
      ),
    ).toEqual({ action: 'allow' });
  });

  it('refuses a member without team_manage, with the no-management message, to home', () => {
    expect(decideRoute(input({ pathname: '/org-admin/index', metas: backOffice }))).toEqual({
      action: 'redirect',
      to: '/',
      messageKey: 'error.no_management_permission',
    });
  });

  it('refuses a personal team (team_type above 0) even with team_manage', () => {
    const personal = { team_type: 1, team_roles: ['team_manage'] };
    expect(
      decideRoute(
        input({
          pathname: '/org-admin/index',
          metas: backOffice,
          user: { roles: [], currentTeam: personal },
        }),
      ),
    ).toEqual({ action: 'redirect', to: '/', messageKey: 'error.no_management_permission' });
  });

  it('refuses a user without a current team', () => {
    expect(
      decideRoute(
        input({ pathname: '/org-admin/index', metas: backOffice, user: { roles: [], currentTeam: null } }),
      ),
    ).toMatchObject({ action: 'redirect', to: '/' });
  });

  it('checks route roles before the team: a role mismatch is a 404', () => {
    const metas: RouteMeta[] = [{ requiresTeamManage: true, roles: ['admin'] }];
    expect(decideRoute(input({ pathname: '/org-admin/index', metas }))).toEqual({
      action: 'redirect',
      to: '/404',
    });
  });
});

describe('hasRouteRoles', () => {
  it('ignores levels without roles and empty role lists', () => {
    expect(hasRouteRoles([], [undefined, {}, { roles: [] }])).toBe(true);
  });
});

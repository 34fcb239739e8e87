import '../test/dom-setup.ts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getSession } from '../shared/session/session-store.ts';
import type { SessionUser } from '../shared/session/session-user.ts';
import { createUser } from '../test/factories.ts';
import { fakeApi } from '../test/fake-api.ts';
import { renderApp } from '../test/render-app.tsx';
import type { createAppRouter } from './router.tsx';

/** The signed-in user the account call answers, with points to show in the shell. */
const account = (overrides: Partial<SessionUser> = {}) =>
  createUser({
    current_team_ver: {
      ver_id: 1,
      ver_name: 'Free',
      numerical_auth: { points_quota: { points_quota_surplus_numerical: 120 } },
    },
    ...overrides,
  });

/** The API as the tests want it: the account call answers `user`, everything else is a 404. */
const serveApi = (user: unknown) => fakeApi({ '/api/user/account': () => ({ data: user }) });

let router: ReturnType<typeof createAppRouter> | undefined;

async function openApp(path: string) {
  router = await renderApp(path);
}

beforeEach(() => {
  getSession().reset();
});

afterEach(() => {
  // A router left running would keep navigating the shared window history during the next test.
  // Unmount first: a page still mounted would react to the reset below (navigate to sign-in, close its
  // connection) after its test has ended.
  cleanup();
  router?.dispose();
  getSession().reset();
});

describe('a visitor', () => {
  it('opening a signed-in page lands on sign-in with the way back', async () => {
    serveApi(null);
    await openApp('/projects/space/abc?tab=docs');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe('/projects/space/abc?tab=docs');
    await waitFor(() => expect(document.title).toBe('Sign in - Tandem'));
  });

  it('may open a public page', async () => {
    serveApi(null);
    await openApp('/join-team/INVITE1');
    expect(await screen.findByRole('heading', { name: 'Join a team' })).toBeTruthy();
    expect(window.location.pathname).toBe('/join-team/INVITE1');
  });
});

describe('a signed-in user', () => {
  it('gets the shell once the account has loaded, with / going to the Agents Hub', async () => {
    getSession().setToken('token-1');
    serveApi(account());
    await openApp('/');
    expect(await screen.findByRole('heading', { name: 'Agents Hub', level: 1 })).toBeTruthy();
    expect(window.location.pathname).toBe('/dashboard');
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
    expect(getSession().points).toBe(120);
    await waitFor(() => expect(document.title).toBe('Agents Hub - Tandem'));
  });

  it('opening /login is sent home', async () => {
    getSession().setToken('token-1');
    serveApi(account());
    await openApp('/login');
    expect(await screen.findByRole('heading', { name: 'Agents Hub', level: 1 })).toBeTruthy();
  });

  it('an unknown path is replaced by /404', async () => {
    getSession().setToken('token-1');
    serveApi(account());
    await openApp('/no/such/page');
    expect(await screen.findByText('Sorry, the page you visited does not exist.', {})).toBeTruthy();
    expect(window.location.pathname).toBe('/404');
  });

  it('an unknown agent page falls back to agent creation', async () => {
    getSession().setToken('token-1');
    serveApi(account());
    await openApp('/agent/index/whatever');
    expect(await screen.findByRole('heading', { name: 'New agent', level: 2 })).toBeTruthy();
    expect(window.location.pathname).toBe('/agent/index/creation');
  });

  it('/user-center opens the account centre, its subscription and bills to come', async () => {
    getSession().setToken('token-1');
    serveApi(account());
    await openApp('/user-center');
    expect(await screen.findByRole('heading', { name: 'Account settings', level: 2 })).toBeTruthy();
    expect(window.location.pathname).toBe('/user-center/user-set');
    expect(screen.getByRole('menuitem', { name: /Subscription/ })).toBeTruthy();
    expect(screen.queryByText('Coming soon')).toBeNull();
  });

  it("/user-center/user-set has one menu: the account centre's sections, each at an address of its own, and the team invitation", async () => {
    getSession().setToken('token-1');
    serveApi(account());
    await openApp('/user-center/user-set?section=subscription&order_no=ORD7');
    expect(await screen.findByRole('heading', { name: 'Subscription', level: 2 })).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Account centre' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Account settings', 'Preferences', 'Subscription', 'Bills', 'Team invitation']);
    // No second menu of the same sections inside the page.
    expect(screen.getAllByRole('menuitem', { name: /Preferences/ })).toHaveLength(1);
    const selected = () =>
      within(menu)
        .getAllByRole('menuitem')
        .filter((item) => item.className.includes('selected'));
    expect(selected().map((item) => item.textContent)).toEqual(['Subscription']);

    fireEvent.click(within(menu).getByRole('menuitem', { name: /Preferences/ }));
    expect(await screen.findByRole('heading', { name: 'Preferences', level: 2 })).toBeTruthy();
    expect(window.location.search).toBe('?section=preferences');
    expect(selected().map((item) => item.textContent)).toEqual(['Preferences']);

    fireEvent.click(within(menu).getByRole('menuitem', { name: /Account settings/ }));
    expect(await screen.findByRole('heading', { name: 'Account settings', level: 2 })).toBeTruthy();
    expect(window.location.search).toBe('');
    expect(selected().map((item) => item.textContent)).toEqual(['Account settings']);
  });

  it('in a personal team is turned away from the back office', async () => {
    getSession().setToken('token-1');
    serveApi(account());
    await openApp('/org-admin');
    expect(await screen.findByRole('heading', { name: 'Agents Hub', level: 1 })).toBeTruthy();
    expect(await screen.findByText('No management permission.', {})).toBeTruthy();
  });

  it('managing an organisation team reaches the back office', async () => {
    getSession().setToken('token-1');
    const team = { team_id: 4, id: 4, name: 'Acme', avatar: '', team_type: 0, team_roles: ['team_manage'] };
    serveApi(account({ current_team: team, current_team_id: 4 }));
    await openApp('/org-admin');
    expect(await screen.findByRole('heading', { name: 'Team settings', level: 2 })).toBeTruthy();
    expect(window.location.pathname).toBe('/org-admin/index');
  });

  it('whose account answer lacks app_role is signed out with "no permission"', async () => {
    getSession().setToken('token-1');
    const { app_role: _, ...withoutAppRole } = account();
    serveApi(withoutAppRole);
    await openApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(await screen.findByText('No permission.', {})).toBeTruthy();
    expect(getSession().token).toBeNull();
  });
});

import '../test/dom-setup.ts';
import { REALTIME_API } from '@tandem/contract/api';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useIdentityStore } from '../features/account/hooks/identity-store.ts';
import { getDeviceId } from '../shared/api/device-id.ts';
import { onRealtimeEvent } from '../shared/realtime/realtime-events.ts';
import { getSession } from '../shared/session/session-store.ts';
import type { SessionUser } from '../shared/session/session-user.ts';
import { createTeam, createUser, createUserIn } from '../test/factories.ts';
import { fakeApi } from '../test/fake-api.ts';
import { fakeRealtimeHub } from '../test/fake-realtime.ts';
import { recordNotices } from '../test/notices.ts';
import { renderApp } from '../test/render-app.tsx';
import type { createAppRouter } from './router.tsx';

const notices = recordNotices();

/** The account call answers `account()` at the time of each call. */
function serveApi(account: () => SessionUser) {
  return fakeApi({
    '/api/user/account': () => ({ data: account() }),
    [REALTIME_API.clientToken]: () => ({ data: 'jwt-ada' }),
  });
}

let router: ReturnType<typeof createAppRouter> | undefined;

/** The app as a signed-in user opens it at `path`, with its realtime connection on the user's channel. */
async function openSignedIn(path: string) {
  const hub = fakeRealtimeHub();
  getSession().setToken('token-1');
  router = await renderApp(path);
  await waitFor(() => expect(hub.channels()).toEqual(['personal:#7']));
  return hub;
}

/** Resolves once the app's own listeners have had `type` (they were registered first). */
const handled = (type: 'UB:user_logout') =>
  new Promise<void>((resolve) => {
    const stop = onRealtimeEvent(type, () => {
      stop();
      resolve();
    });
  });

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  // Unmount first: a page still mounted would react to the reset below (navigate to sign-in, close its
  // connection) after its test has ended.
  cleanup();
  router?.dispose();
  getSession().reset();
  useIdentityStore.setState({ hasChanged: false, reason: 'identity_changed' });
  vi.restoreAllMocks();
});

describe('realtime notices in the signed-in app', () => {
  it('signing this device out from another one raises the refresh prompt, which cannot be dismissed', async () => {
    serveApi(() => createUser());
    const hub = await openSignedIn('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Agents Hub', level: 1 })).toBeTruthy();

    hub.publish('personal:#7', { type: 'UB:user_logout', device_ids: ['laptop-0001', getDeviceId()] });
    // Found by its text: in tests antd gives every title the same id, so a dialog's name is unreliable.
    const body = await screen.findByText(
      'This device was signed out from another device. Refresh to sign in again.',
    );
    const prompt = body.closest<HTMLElement>('[role="dialog"]')!;
    expect(within(prompt).getByText('Signed out on this device')).toBeTruthy();
    expect(within(prompt).getByRole('button', { name: 'Refresh' })).toBeTruthy();
    expect(within(prompt).queryByRole('button', { name: /close/i })).toBeNull();
    // Nothing more will come for this session: the connection closes.
    await waitFor(() => expect(hub.isConnected()).toBe(false));
  });

  it('signing out another device changes nothing on this one', async () => {
    serveApi(() => createUser());
    const hub = await openSignedIn('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Agents Hub', level: 1 })).toBeTruthy();

    const wasHandled = handled('UB:user_logout');
    hub.publish('personal:#7', { type: 'UB:user_logout', device_ids: ['laptop-0001'] });
    await wasHandled;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(hub.isConnected()).toBe(true);
  });

  it('a manager removed from the team they manage leaves its back office at once, and is told why', async () => {
    const acme = createTeam({ team_id: 4, id: 4, name: 'Acme', team_roles: ['team_manage'] });
    let account = createUserIn(acme);
    const api = serveApi(() => account);
    const hub = await openSignedIn('/org-admin/index');
    expect(await screen.findByRole('heading', { name: 'Team settings', level: 2 })).toBeTruthy();

    // The server has moved the user back to their personal team.
    account = createUser();
    hub.publish('personal:#7', { type: 'UB:team_member_removed', team_id: 4, team_name: 'Acme' });
    expect(await screen.findByRole('heading', { name: 'Agents Hub', level: 1 })).toBeTruthy();
    expect(window.location.pathname).toBe('/dashboard');
    expect(api.bodiesOf('/api/user/account')).toHaveLength(2);
    expect(notices.keys()).toContain('team.removed_notice');
  });

  it('an approved request to join reloads the account (its teams and roles) and says so', async () => {
    let account = createUser();
    const api = serveApi(() => account);
    const hub = await openSignedIn('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Agents Hub', level: 1 })).toBeTruthy();

    account = createUser({ nick_name: 'Ada of Acme' });
    hub.publish('personal:#7', { type: 'UB:team_join_approved', team_id: 4, team_name: 'Acme' });
    await waitFor(() => expect(api.bodiesOf('/api/user/account')).toHaveLength(2));
    await waitFor(() => expect(getSession().user?.nick_name).toBe('Ada of Acme'));
    expect(notices.keys()).toContain('team.join_approved_notice');
  });

  it('an agent handed to the user says so, whichever way it came, and the agent lists load again', async () => {
    const api = serveApi(() => createUser());
    const hub = await openSignedIn('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Agents Hub', level: 1 })).toBeTruthy();
    await waitFor(() => expect(api.paramsOf('/api/agent/get-agent-list').length).toBeGreaterThan(0));
    const listed = api.paramsOf('/api/agent/get-agent-list').length;

    hub.publish('personal:#7', {
      type: 'SA:agent_transferred',
      agent_id: 5,
      agent_name: 'Handbook',
      reason: 'transfer',
    });
    hub.publish('personal:#7', {
      type: 'SA:agent_transferred',
      agent_id: 6,
      agent_name: '',
      reason: 'owner_left',
    });
    await waitFor(() =>
      expect(notices.keys()).toEqual(
        expect.arrayContaining(['agents.transferred_notice', 'agents.inherited_notice']),
      ),
    );
    await waitFor(() => expect(api.paramsOf('/api/agent/get-agent-list').length).toBeGreaterThan(listed));
  });
});

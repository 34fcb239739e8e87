import '../../../test/dom-setup.ts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../shared/session/session-store.ts';
import { createTeam, createUser, createUserIn } from '../../../test/factories.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { CurrentTeamSwitcher } from './current-team-switcher.tsx';

const session = vi.hoisted(() => ({ reloadAtRoot: vi.fn() }));
vi.mock('../api/session.ts', () => ({ reloadAtRoot: session.reloadAtRoot, reloadSessionUser: vi.fn() }));

afterEach(() => useSessionStore.setState({ token: null, user: null }));

const acme = createTeam({ name: 'Acme Marketing' });
const personal = createTeam({ team_id: 1, id: 1, name: 'Ada', team_type: 1 });

async function open(collapsed = false) {
  const api = fakeApi({
    '/api/team/get-user-teams': () => ({ data: [personal, acme] }),
    '/api/team/switch-team': () => ({ data: null }),
  });
  await renderPage(
    <App>
      <CurrentTeamSwitcher collapsed={collapsed} />
    </App>,
  );
  return api;
}

describe('the current team in the sidebar', () => {
  it('names the team the user works in', async () => {
    useSessionStore.setState({ token: 'tok', user: createUserIn(acme) });
    await open();
    expect(screen.getByRole('button', { name: 'Current team: Acme Marketing. Switch team' })).toBeTruthy();
    expect(screen.getByText('Acme Marketing')).toBeTruthy();
  });

  it("calls the personal team so, not by the user's own name", async () => {
    useSessionStore.setState({ token: 'tok', user: createUser() });
    await open();
    expect(screen.getByText('Personal team')).toBeTruthy();
  });

  it("lists the user's teams and switches to the chosen one, starting the app again in it", async () => {
    useSessionStore.setState({ token: 'tok', user: createUser() });
    const api = await open();
    fireEvent.click(screen.getByRole('button', { name: /Switch team/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /Acme Marketing/ }));
    await waitFor(() => expect(session.reloadAtRoot).toHaveBeenCalled());
    expect(api.bodiesOf('/api/team/switch-team')).toEqual([{ current_team_id: 9 }]);
  });
});

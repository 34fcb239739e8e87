import '../../../test/dom-setup.ts';
import type { AgentDetail } from '@tandem/contract/agent';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../shared/session/session-store.ts';
import { abilities, createAgentDetail } from '../../../test/agent-factories.ts';
import { createCandidates, createTeam, createUserIn } from '../../../test/factories.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { recordNotices } from '../../../test/notices.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { AgentMemberPage } from './agent-member-page.tsx';

const notices = recordNotices();
const PATH = '/agent/index/member-setting';

const CANDIDATES = createCandidates();

/** Bob, a per-agent admin who manages nothing in the (organisation) team. */
const adminOfAgent = createAgentDetail({
  my_role: 'admin',
  abilities: abilities({ delete: false, transfer: false }),
});

function serve(agent: AgentDetail) {
  let detail = agent;
  const api = fakeApi({
    '/api/agent/get-agent-info': () => ({ data: detail }),
    '/api/agent/get-agent-members': () => ({ data: { data: [], total: 0 } }),
    '/api/agent/get-agent-candidates': (_, params) => {
      const keyword = String(params.keyword ?? '').toLowerCase();
      const rows = CANDIDATES.filter((row) => row.name.toLowerCase().includes(keyword));
      return { data: { data: rows, total: rows.length } };
    },
    '/api/agent/add-agent-members': (body) => ({
      data: { count: (body as { user_ids: number[] }).user_ids.length },
    }),
    '/api/agent/transfer-agent': () => {
      detail = { ...detail, owner: { user_id: 9, name: 'Linus', avatar: '' }, my_role: 'admin' };
      detail = { ...detail, abilities: abilities({ delete: false, transfer: false }) };
      return { data: null };
    },
  });
  return api;
}

const open = (team = createTeam({ team_id: 1, id: 1 })) => {
  useSessionStore.setState({ token: 'tok', user: createUserIn(team) });
  return renderPage(
    <App>
      <AgentMemberPage />
    </App>,
    { path: `${PATH}?agent_id=5`, route: PATH },
  );
};

/** The options of the open picker (antd renders them in a list box outside the page). */
const options = async () => {
  await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBeGreaterThan(0));
  return [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')];
};

afterEach(() => useSessionStore.setState({ token: null, user: null }));

describe('the member settings page', () => {
  it('lets an agent admin who does not manage the team pick people from the agent’s candidates, and add them', async () => {
    const api = serve(adminOfAgent);
    await open();
    const chooser = await screen.findByRole('combobox', { name: 'Choose team members' });
    expect(screen.queryByRole('button', { name: /^Transfer/ })).toBeNull();
    fireEvent.mouseDown(chooser);
    const [ada, grace, linus] = await options();
    // The owner cannot be added; a member already on the agent says so; contacts come masked.
    expect(ada!.getAttribute('aria-disabled')).toBe('true');
    expect(within(grace!).getByText('Already Viewer')).toBeTruthy();
    expect(within(linus!).getByText('li***@example.com')).toBeTruthy();

    fireEvent.change(chooser, { target: { value: 'lin' } });
    await waitFor(() => expect(api.paramsOf('/api/agent/get-agent-candidates').at(-1)?.keyword).toBe('lin'));
    fireEvent.click(within((await options())[0]!).getByText('Linus'));
    fireEvent.click(screen.getByRole('button', { name: /Add/ }));
    await waitFor(() =>
      expect(api.bodiesOf('/api/agent/add-agent-members')).toEqual([
        { id: 5, user_ids: [9], permission: 'viewer' },
      ]),
    );
    expect(notices.keys()).toContain('agents.members.added');
    expect(api.calls.some((call) => call.url === '/api/team/user-list')).toBe(false);
  });

  it('lets the owner transfer the agent: choose the new owner, confirm, and it is done', async () => {
    const api = serve(createAgentDetail({ owner: { user_id: 7, name: 'Ada', avatar: '' } }));
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Transfer Helper to another member' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Ada, its owner now, stays on as an admin/)).toBeTruthy();
    const next = within(dialog).getByRole('button', { name: 'Transfer' });
    expect(next.hasAttribute('disabled')).toBe(true);

    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'New owner' }));
    const [ada, , linus] = await options();
    expect(ada!.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(within(linus!).getByText('Linus'));
    fireEvent.click(next);

    // antd writes a confirmation's title twice (one copy for screen readers).
    const [question] = await screen.findAllByText('Transfer Helper to Linus?');
    const confirm = question!.closest<HTMLElement>('.ant-modal-confirm')!;
    expect(api.bodiesOf('/api/agent/transfer-agent')).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(api.bodiesOf('/api/agent/transfer-agent')).toEqual([{ id: 5, user_id: 9 }]));
    await waitFor(() => expect(notices.keys()).toContain('agents.members.transferred'));
    // The page reloads the agent: Linus owns it, and the button is gone with the ability.
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Transfer/ })).toBeNull());
    expect(screen.getByText('Linus')).toBeTruthy();
  });

  it('says why there is no one to add in a personal team', async () => {
    serve(createAgentDetail());
    await open(createTeam({ team_id: 1, id: 1, team_type: 1, team_roles: ['team_manage'] }));
    expect(await screen.findByText(/This agent is in your personal team/)).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Choose team members' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Transfer/ })).toBeNull();
  });
});

import '../../../test/dom-setup.ts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';
import { emitRealtimeEvent } from '../../../shared/realtime/realtime-events.ts';
import { abilities, createAgentCard } from '../../../test/agent-factories.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { recordNotices } from '../../../test/notices.ts';
import { renderPage } from '../../../test/render-app.tsx';
import type { AgentCard } from '../api/agents.ts';
import { AgentsHubPage } from './agents-hub-page.tsx';

const notices = recordNotices();
const HUB = '/api/agent/get-agent-list';

const travel = createAgentCard();
const recipes = createAgentCard({
  id: 2,
  agent_key: 'key-000002',
  name: 'Recipe coach',
  description: 'Cooks with what is in the fridge.',
  owner_name: 'Grace',
  owner_id: 8,
  my_role: 'viewer',
  abilities: abilities({
    edit: false,
    publish: false,
    share: false,
    manage_members: false,
    analyse: false,
    delete: false,
    transfer: false,
  }),
});

/** The hub's list call over `agents`: keyword over name and description, the `mine` tab by role. */
function serve(agents: AgentCard[] = [travel, recipes]) {
  let shown = [...agents];
  const api = fakeApi({
    [HUB]: (_, params) => {
      const keyword = String(params.keyword ?? '').toLowerCase();
      const rows = shown.filter(
        (agent) =>
          (!keyword || `${agent.name} ${agent.description}`.toLowerCase().includes(keyword)) &&
          (params.tab !== 'mine' || agent.abilities.edit),
      );
      return { data: { data: rows, total: rows.length } };
    },
    '/api/agent/delete-agent': (body) => {
      shown = shown.filter((agent) => agent.id !== (body as { id: number }).id);
      return { data: null };
    },
  });
  return api;
}

const open = (path = '/dashboard') =>
  renderPage(
    <App>
      <AgentsHubPage />
    </App>,
    { path, route: '/dashboard' },
  );

describe('the Agents Hub', () => {
  it('shows each agent with its owner and model, and only the actions the caller may take', async () => {
    serve();
    await open();
    const card = (await screen.findByRole('heading', { name: 'Recipe coach' })).closest('article')!;
    expect(within(card).getByText('Grace')).toBeTruthy();
    expect(within(card).getByText('Local model')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Chat with Recipe coach' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Edit Recipe coach' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'More actions for Recipe coach' })).toBeNull();
    const own = screen.getByRole('heading', { name: 'Travel planner' }).closest('article')!;
    expect(within(own).getByRole('button', { name: 'Edit Travel planner' })).toBeTruthy();
  });

  it('searches as the user types, once they pause', async () => {
    const api = serve();
    await open();
    await screen.findByRole('heading', { name: 'Recipe coach' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Search agents' }), { target: { value: 'fridge' } });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Travel planner' })).toBeNull());
    expect(screen.getByRole('heading', { name: 'Recipe coach' })).toBeTruthy();
    const keywords = api.paramsOf(HUB).map((params) => params.keyword);
    // One call for the page, one for the finished word: not one per keystroke.
    expect(keywords).toEqual([undefined, 'fridge']);
  });

  it('sorts by the chosen order, from the first page', async () => {
    const api = serve();
    await open('/dashboard?page=2');
    await waitFor(() => expect(api.paramsOf(HUB).at(-1)).toMatchObject({ page: 2, sort: 'relevance' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Sort by' }));
    fireEvent.click(await screen.findByText('Most popular', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(api.paramsOf(HUB).at(-1)).toMatchObject({ page: 1, sort: 'popular' }));
  });

  it('switches between the tabs and the "mine" filter', async () => {
    const api = serve();
    await open();
    await screen.findByRole('heading', { name: 'Recipe coach' });
    fireEvent.click(screen.getByRole('tab', { name: 'Managed by me' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Recipe coach' })).toBeNull());
    expect(api.paramsOf(HUB).at(-1)).toMatchObject({ tab: 'mine', mine: 0 });
    fireEvent.click(screen.getByRole('switch', { name: 'Only agents I own' }));
    await waitFor(() => expect(api.paramsOf(HUB).at(-1)).toMatchObject({ tab: 'mine', mine: 1 }));
  });

  it('offers to create the first agent when there is none', async () => {
    serve([]);
    await open();
    expect(await screen.findByText('No agents have been published in this team yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Create an agent/ }));
    expect(await screen.findByText('landed on /agent/index/creation')).toBeTruthy();
  });

  it('says when nothing matches the search, and clears the search from there', async () => {
    const api = serve();
    const { router } = await open('/dashboard?q=zebra');
    expect(await screen.findByText('No agents match “zebra”.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Clear search/ }));
    expect(await screen.findByRole('heading', { name: 'Travel planner' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Search agents' }) as HTMLInputElement).value).toBe('');
    expect(router.state.location.search).toBe('');
    expect(api.paramsOf(HUB).at(-1)?.keyword).toBeUndefined();
  });

  it('names the two tabs so they can be told apart, each explained on hover', async () => {
    serve();
    await open();
    const team = await screen.findByRole('tab', { name: 'Team agents' });
    expect(screen.getByRole('tab', { name: 'Managed by me' })).toBeTruthy();
    fireEvent.mouseEnter(within(team).getByText('Team agents'));
    expect((await screen.findByRole('tooltip')).textContent).toBe(
      'Published agents of your team that you can chat with.',
    );
  });

  it('opens the chat from the card itself, a draft one may edit in the editor, and nothing for others', async () => {
    serve([
      travel,
      createAgentCard({ id: 3, agent_key: 'key-000003', name: 'Draft helper', status: 'draft' }),
      createAgentCard({
        id: 4,
        name: 'Hidden draft',
        status: 'draft',
        abilities: abilities({ edit: false, publish: false, delete: false }),
      }),
    ]);
    const { router } = await open();
    const linkOf = (name: string) => within(screen.getByRole('heading', { name })).queryByRole('link');
    expect(await screen.findByRole('heading', { name: 'Travel planner' })).toBeTruthy();
    expect(linkOf('Travel planner')?.getAttribute('href')).toBe('/chat?agent_key=key-000001');
    expect(linkOf('Draft helper')?.getAttribute('href')).toBe('/agent/index/creation?agent_id=3');
    expect(linkOf('Hidden draft')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'More actions for Travel planner' }));
    fireEvent.click(await screen.findByText('Delete'));
    expect(await screen.findByText('Delete “Travel planner”?')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');

    fireEvent.click(linkOf('Travel planner')!);
    expect(await screen.findByText('landed on /chat?agent_key=key-000001')).toBeTruthy();
  });

  it('deletes only after the irreversible-deletion confirmation', async () => {
    const api = serve();
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'More actions for Travel planner' }));
    fireEvent.click(await screen.findByText('Delete'));
    const dialog = (await screen.findByText('Delete “Travel planner”?')).closest<HTMLElement>('.ant-modal')!;
    expect(within(dialog).getByText(/prompt configuration and its logs are removed for good/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.bodiesOf('/api/agent/delete-agent')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'More actions for Travel planner' }));
    fireEvent.click(await screen.findByText('Delete'));
    const again = (await screen.findByText('Delete “Travel planner”?')).closest<HTMLElement>('.ant-modal')!;
    fireEvent.click(within(again).getByRole('button', { name: 'Delete for good' }));
    await waitFor(() => expect(api.bodiesOf('/api/agent/delete-agent')).toEqual([{ id: 1 }]));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Travel planner' })).toBeNull());
    expect(notices.keys()).toContain('agents.actions.delete_done');
  });

  it('drops an agent deleted elsewhere as soon as the notice arrives', async () => {
    let agents = [travel, recipes];
    fakeApi({ [HUB]: () => ({ data: { data: agents, total: agents.length } }) });
    await open();
    await screen.findByRole('heading', { name: 'Recipe coach' });
    agents = [travel];
    act(() => emitRealtimeEvent({ type: 'SA:agent_deleted', agent_id: recipes.id, status: 4 }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Recipe coach' })).toBeNull());
  });
});

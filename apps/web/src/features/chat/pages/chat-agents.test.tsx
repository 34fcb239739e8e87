import '../../../test/dom-setup.ts';
import { AGENT_API, REALTIME_API } from '@tandem/contract/api';
import { CHAT_API, type ChatListAgent, type RecentConversation } from '@tandem/contract/chat';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '../../../shared/session/session-store.ts';
import { createAgentCard } from '../../../test/agent-factories.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { recordNotices } from '../../../test/notices.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { ChatPage } from './chat-page.tsx';

const notices = recordNotices();

const listed = (id: number, name: string, status: ChatListAgent['status'] = 'published'): ChatListAgent => ({
  id,
  agent_key: `key-${id}`,
  name,
  description: `${name} helps.`,
  avatar: '',
  status,
  points_per_request: 2,
  last_used_at: '2026-11-20T10:00:00Z',
  is_default: false,
});
const info = (agent: ChatListAgent) => ({
  id: agent.id,
  agent_key: agent.agent_key,
  name: agent.name,
  avatar: '',
  description: agent.description,
  greeting: `Hi, I am ${agent.name}.`,
  first_question: '',
  markdown: true,
  suggest_questions: false,
  points_per_request: 2,
  supports_images: false,
  can_edit: false,
});

/**
 * The user's list and the hub; add, remove and open change the list as the server would. `opened`
 * holds the answer to opening a chat (pending: the server has not answered yet).
 */
function serve(
  initial: ChatListAgent[],
  hub = [createAgentCard({ id: 31, name: 'Translator' })],
  { unlisted = [] as ChatListAgent[], opened = Promise.resolve(), recent = [] as RecentConversation[] } = {},
) {
  let list = [...initial];
  return fakeApi({
    [CHAT_API.openAgent]: async (body) => {
      await opened;
      const agentId = (body as { agent_id: number }).agent_id;
      const agent = unlisted.find((other) => other.id === agentId);
      if (agent && !list.some((other) => other.id === agentId)) list = [agent, ...list];
      return { data: { listed: true } };
    },
    [CHAT_API.recentConversations]: (_, params) => {
      const start = (Number(params.page) - 1) * Number(params.page_size);
      return { data: { data: recent.slice(start, start + Number(params.page_size)), total: recent.length } };
    },
    [CHAT_API.agentList]: () => ({ data: list }),
    [CHAT_API.addAgent]: (body) => {
      const card = hub.find((agent) => agent.id === (body as { agent_id: number }).agent_id)!;
      list = [{ ...listed(card.id, card.name), agent_key: card.agent_key }, ...list];
      return { data: null };
    },
    [CHAT_API.removeAgent]: (body) => {
      list = list.filter((agent) => agent.id !== (body as { agent_id: number }).agent_id);
      return { data: null };
    },
    [AGENT_API.hubList]: () => ({ data: { data: hub, total: hub.length } }),
    [AGENT_API.publicInfo]: (_, params) => ({
      data: info([...list, ...unlisted].find((agent) => agent.agent_key === params.agent_key) ?? initial[0]!),
    }),
    [CHAT_API.conversationList]: () => ({ data: { data: [], total: 0 } }),
    [REALTIME_API.clientToken]: () => ({ data: 'jwt' }),
  });
}

beforeEach(() => getSession().setToken('session-token'));
afterEach(() => {
  getSession().reset();
  vi.restoreAllMocks();
});

describe('the chat’s agents list', () => {
  it('lists the user’s agents beside the chat, the open one marked, and opens another', async () => {
    serve([listed(1, 'Planner'), listed(2, 'Coder'), listed(3, 'Old helper', 'deleted')]);
    const { router } = await renderPage(<ChatPage />, { path: '/chat?agent_key=key-1', route: '/chat' });
    const list = await screen.findByRole('navigation', { name: 'Your agents' });
    const open = await within(list).findByRole('button', { name: 'Planner' });
    expect(open.getAttribute('aria-current')).toBe('page');
    expect(within(list).getByRole('button', { name: 'Old helper (Deleted)' }).textContent).toContain(
      'Deleted',
    );
    fireEvent.click(within(list).getByRole('button', { name: 'Coder' }));
    await waitFor(() => expect(router.state.location.search).toBe('?agent_key=key-2'));
    expect(await screen.findByText('Hi, I am Coder.')).toBeTruthy();
  });

  it('removes an agent from the list only once asked, keeping its conversations', async () => {
    const api = serve([listed(1, 'Planner'), listed(2, 'Coder')]);
    await renderPage(<ChatPage />, { path: '/chat?agent_key=key-1', route: '/chat' });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Coder from your list' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Remove Coder from your list?')).toBeTruthy();
    expect(within(dialog).getByText(/conversations are kept/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.bodiesOf(CHAT_API.removeAgent)).toEqual([{ agent_id: 2 }]));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Coder' })).toBeNull());
  });

  it('adds agents from the hub, showing those already listed as added', async () => {
    const api = serve(
      [listed(1, 'Planner')],
      [createAgentCard({ id: 1, name: 'Planner' }), createAgentCard({ id: 31, name: 'Translator' })],
    );
    await renderPage(<ChatPage />, { path: '/chat?agent_key=key-1', route: '/chat' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add agents' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add agents to your list' });
    expect(
      ((await within(dialog).findByRole('button', { name: 'Added: Planner' })) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add: Translator' }));
    await waitFor(() => expect(api.bodiesOf(CHAT_API.addAgent)).toEqual([{ agent_id: 31 }]));
    expect(
      ((await within(dialog).findByRole('button', { name: 'Added: Translator' })) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    expect(notices.keys()).toContain('chat.added_named');
    const list = screen.getByRole('navigation', { name: 'Your agents' });
    expect(await within(list).findByRole('button', { name: 'Translator' })).toBeTruthy();
  });
});

describe('opening a chat with an agent never used', () => {
  it('puts it in the list at once, and has the server keep it there', async () => {
    let answer = () => {};
    const opened = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const api = serve([listed(1, 'Planner')], [], { unlisted: [listed(7, 'Analyst')], opened });
    await renderPage(<ChatPage />, { path: '/chat?agent_key=key-7', route: '/chat' });
    const list = await screen.findByRole('navigation', { name: 'Your agents' });
    // Before the server has answered.
    const analyst = await within(list).findByRole('button', { name: 'Analyst' });
    expect(analyst.getAttribute('aria-current')).toBe('page');
    expect(within(list).getByRole('button', { name: 'Planner' })).toBeTruthy();
    expect(within(list).queryByText('No agents in your list yet.')).toBeNull();
    await waitFor(() => expect(api.bodiesOf(CHAT_API.openAgent)).toEqual([{ agent_id: 7 }]));

    answer();
    await waitFor(() => expect(api.calls.filter((call) => call.url === CHAT_API.agentList).length).toBe(2));
    const names = within(list)
      .getAllByRole('button', { name: /^(Analyst|Planner)$/ })
      .map((button) => button.getAttribute('aria-label'));
    expect(names).toEqual(['Analyst', 'Planner']);
  });

  it('shows it beside the chat when the list was empty', async () => {
    serve([], [], { unlisted: [listed(7, 'Analyst')] });
    await renderPage(<ChatPage />, { path: '/chat?agent_key=key-7', route: '/chat' });
    const list = await screen.findByRole('navigation', { name: 'Your agents' });
    expect(await within(list).findByRole('button', { name: 'Analyst' })).toBeTruthy();
    expect(within(list).queryByText('No agents in your list yet.')).toBeNull();
  });
});

const recentOf = (index: number, agent: ChatListAgent): RecentConversation => ({
  conversation_id: `conversation-${index}`,
  title: `Topic ${index}`,
  agent_id: agent.id,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: new Date(Date.now() - index * 60_000).toISOString(),
  agent: { id: agent.id, agent_key: agent.agent_key, name: agent.name, avatar: '', status: agent.status },
});

describe('/chat without an agent', () => {
  it('shows where the user left off: recent conversations with their agent and time, one click to open', async () => {
    const planner = listed(1, 'Planner');
    const old = listed(3, 'Old helper', 'deleted');
    serve([planner], [], { recent: [recentOf(1, planner), recentOf(2, old)] });
    const { router } = await renderPage(<ChatPage />, { path: '/chat', route: '/chat' });
    const section = await screen.findByRole('region', { name: 'Recent conversations' });
    const first = await within(section).findByRole('link', { name: /Topic 1/ });
    expect(first.textContent).toContain('Planner');
    expect(first.textContent).toMatch(/minute/);
    expect(within(section).getByRole('link', { name: /Topic 2/ }).textContent).toContain('Deleted');
    fireEvent.click(first);
    await waitFor(() =>
      expect(router.state.location.search).toBe('?agent_key=key-1&conversation_id=conversation-1'),
    );
  });

  it('shows ten at a time, the rest on request', async () => {
    const planner = listed(1, 'Planner');
    const api = serve([planner], [], {
      recent: Array.from({ length: 12 }, (_, index) => recentOf(index + 1, planner)),
    });
    await renderPage(<ChatPage />, { path: '/chat', route: '/chat' });
    const section = await screen.findByRole('region', { name: 'Recent conversations' });
    // Text queries: role queries over a long list are slow on a busy machine.
    await within(section).findByText('Topic 10');
    expect(within(section).queryByText('Topic 11')).toBeNull();
    fireEvent.click(within(section).getByRole('button', { name: 'Load more' }));
    expect(await within(section).findByText('Topic 12')).toBeTruthy();
    expect(
      api.calls.filter((call) => call.url === CHAT_API.recentConversations).map((call) => call.params.page),
    ).toEqual([1, 2]);
  });

  it('offers the user’s agents to start chatting with at once', async () => {
    serve([listed(1, 'Planner'), listed(2, 'Gone', 'off_shelf')]);
    const { router } = await renderPage(<ChatPage />, { path: '/chat', route: '/chat' });
    expect(await screen.findByRole('heading', { name: 'Quick start' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Chat with Gone/ })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: /Chat with Planner/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?agent_key=key-1'));
  });

  it('shows a new user, with neither conversations nor agents, one way forward: the Agents Hub', async () => {
    serve([]);
    await renderPage(<ChatPage />, { path: '/chat', route: '/chat' });
    expect(await screen.findByText(/Start your first conversation/)).toBeTruthy();
    const hub = screen.getByRole('link', { name: 'Open the Agents Hub' });
    expect(hub.getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByRole('heading', { name: 'Recent conversations' })).toBeNull();
  });

  it('tells a user with agents but no conversation yet that they will show here', async () => {
    serve([listed(1, 'Planner')]);
    await renderPage(<ChatPage />, { path: '/chat', route: '/chat' });
    const section = await screen.findByRole('region', { name: 'Recent conversations' });
    expect(await within(section).findByText(/No conversations yet/)).toBeTruthy();
    expect(await screen.findByRole('button', { name: /Chat with Planner/ })).toBeTruthy();
  });
});

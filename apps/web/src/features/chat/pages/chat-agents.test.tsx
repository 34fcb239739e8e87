import '../../../test/dom-setup.ts';
import { AGENT_API, REALTIME_API } from '@tandem/contract/api';
import { CHAT_API, type ChatListAgent } from '@tandem/contract/chat';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '../../../shared/session/session-store.ts';
import { createAgentCard } from '../../../test/agent-factories.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { recordNotices } from '../../../test/notices.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { ChatPage } from './chat-page.tsx';

vi.setConfig({ testTimeout: 20_000 });
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

/** The user's list and the hub; add and remove change the list as the server would. */
function serve(initial: ChatListAgent[], hub = [createAgentCard({ id: 31, name: 'Translator' })]) {
  let list = [...initial];
  return fakeApi({
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
      data: info(list.find((agent) => agent.agent_key === params.agent_key) ?? initial[0]!),
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

describe('/chat without an agent', () => {
  it('offers the user’s agents to start chatting with at once', async () => {
    serve([listed(1, 'Planner'), listed(2, 'Gone', 'off_shelf')]);
    const { router } = await renderPage(<ChatPage />, { path: '/chat', route: '/chat' });
    expect(await screen.findByRole('heading', { name: 'Quick start' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Chat with Gone/ })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: /Chat with Planner/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?agent_key=key-1'));
  });

  it('leads to the Agents Hub while the list is empty', async () => {
    serve([]);
    await renderPage(<ChatPage />, { path: '/chat', route: '/chat' });
    const hub = await screen.findByRole('link', { name: 'Open the Agents Hub' });
    expect(hub.getAttribute('href')).toBe('/dashboard');
  });
});

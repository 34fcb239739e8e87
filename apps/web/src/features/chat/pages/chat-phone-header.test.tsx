import '../../../test/dom-setup.ts';
import { AGENT_API } from '@tandem/contract/api';
import { CHAT_API, type Conversation } from '@tandem/contract/chat';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getSession, useSessionStore } from '../../../shared/session/session-store.ts';
import { createAgentCard } from '../../../test/agent-factories.ts';
import { setScreenWidth } from '../../../test/dom-setup.ts';
import { createUser } from '../../../test/factories.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { ChatPage } from './chat-page.tsx';

const card = createAgentCard();
const trip: Conversation = {
  conversation_id: 'conv-1',
  title: 'Kyoto trip',
  agent_id: card.id,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
};

async function openConversation() {
  fakeApi({
    [AGENT_API.publicInfo]: () => ({
      data: {
        id: card.id,
        agent_key: card.agent_key,
        name: card.name,
        avatar: '',
        description: card.description,
        greeting: '',
        first_question: '',
        markdown: true,
        suggest_questions: false,
        points_per_request: 2,
        supports_images: false,
        can_edit: false,
      },
    }),
    [CHAT_API.conversationList]: () => ({ data: { data: [trip], total: 1 } }),
    [CHAT_API.conversationMessages]: () => ({ data: { data: [], total: 0 } }),
  });
  await renderPage(<ChatPage />, {
    path: `/chat?agent_key=${card.agent_key}&conversation_id=conv-1`,
    route: '/chat',
  });
  return screen.findByRole('region', { name: card.name });
}

beforeEach(() => {
  getSession().setToken('session-token');
  useSessionStore.setState({ user: createUser(), points: 120967 });
});

afterEach(() => {
  setScreenWidth(null);
  getSession().reset();
});

describe('the chat header on a phone (390 px)', () => {
  it('keeps to one row: the conversation actions are one menu, the points left a figure', async () => {
    setScreenWidth(390);
    const chat = await openConversation();
    const header = chat.querySelector('header')!;
    const more = await within(header).findByRole('button', { name: 'Conversation actions' });
    expect(within(header).queryByRole('button', { name: /Export PDF/ })).toBeNull();
    expect(within(header).getByText('120,967')).toBeTruthy();
    // The words are still there for a screen reader.
    expect(within(header).getByText('Points left: 120,967')).toBeTruthy();
    fireEvent.click(more);
    expect(await screen.findByRole('menuitem', { name: /Export PDF/ })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: /Share/ })).toBeTruthy();
  });

  it('does not tell a phone that Enter sends and Shift+Enter starts a new line', async () => {
    setScreenWidth(390);
    await openConversation();
    const box = await screen.findByRole('textbox', { name: 'Message' });
    expect(box.getAttribute('placeholder')).toBe('Type a message');
  });

  it('keeps the actions as buttons and the hint on a desktop', async () => {
    setScreenWidth(1440);
    const chat = await openConversation();
    const header = chat.querySelector('header')!;
    expect(await within(header).findByRole('button', { name: /Export PDF/ })).toBeTruthy();
    expect((await screen.findByRole('textbox', { name: 'Message' })).getAttribute('placeholder')).toMatch(
      /Enter sends/,
    );
  });
});

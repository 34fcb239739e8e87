import '../../../test/dom-setup.ts';
import { AGENT_API, MODEL_API, REALTIME_API } from '@tandem/contract/api';
import { CHAT_API } from '@tandem/contract/chat';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '../../../shared/session/session-store.ts';
import { createModel } from '../../../test/agent-factories.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { ChatPage } from './chat-page.tsx';

const assistant = {
  id: 4,
  agent_key: 'key-assistant',
  name: 'Assistant',
  avatar: '',
  description: "Your team's everyday AI assistant.",
  greeting: 'Hello! Ask me anything.',
  first_question: '',
  markdown: true,
  suggest_questions: false,
  points_per_request: 2,
  supports_images: false,
  can_edit: false,
  is_default: true,
};
const models = [
  createModel({ id: 3, name: 'Local model', points_per_request: 2, is_default: true }),
  createModel({ id: 9, name: 'Big model', provider_name: 'Cloud', points_per_request: 15 }),
];

function serve(agent = assistant) {
  return fakeApi({
    [AGENT_API.publicInfo]: () => ({ data: agent }),
    [MODEL_API.available]: () => ({ data: models }),
    [CHAT_API.conversationList]: () => ({ data: { data: [], total: 0 } }),
    [CHAT_API.conversationMessages]: () => ({ data: { data: [], total: 0 } }),
    [CHAT_API.sendMessage]: () => ({
      data: {
        conversation_id: 'conv-1',
        title: 'Hi',
        user_message_id: 10,
        assistant_message_id: 11,
        channel: 'chat:conv-1',
        points: 15,
      },
    }),
    [REALTIME_API.clientToken]: () => ({ data: 'jwt-ada' }),
    [REALTIME_API.chatToken]: () => ({ data: 'jwt-chat' }),
  });
}

/** What a message costs, as the chat's header says. */
const headerPoints = () => document.querySelector('.chat-agent-text .ant-tag')?.textContent;

beforeEach(() => {
  getSession().setToken('session-token');
  vi.spyOn(console, 'info').mockImplementation(() => {});
});

afterEach(() => {
  getSession().reset();
  vi.restoreAllMocks();
});

describe("the default assistant's model picker", () => {
  it('starts on the platform default and sends the model picked, showing its points', async () => {
    const api = serve();
    await renderPage(<ChatPage />, { path: `/chat?agent_key=${assistant.agent_key}`, route: '/chat' });
    const picker = await screen.findByRole('combobox', { name: 'Model for this conversation' });
    await waitFor(() => expect(headerPoints()).toBe('2 points per message'));
    expect(picker.closest('.ant-select')?.textContent).toContain('Local model');

    fireEvent.mouseDown(picker);
    fireEvent.click(await screen.findByText('Big model'));
    await waitFor(() => expect(headerPoints()).toBe('15 points per message'));

    const box = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'Hi' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() =>
      expect(api.bodiesOf(CHAT_API.sendMessage)).toEqual([
        { agent_key: assistant.agent_key, content: 'Hi', model_id: 9 },
      ]),
    );
  });

  it('is not offered by other agents, whose messages name no model', async () => {
    const api = serve({ ...assistant, is_default: false, name: 'Travel planner' });
    await renderPage(<ChatPage />, { path: `/chat?agent_key=${assistant.agent_key}`, route: '/chat' });
    const box = await screen.findByRole('textbox', { name: 'Message' });
    expect(screen.queryByRole('combobox', { name: 'Model for this conversation' })).toBeNull();
    fireEvent.change(box, { target: { value: 'Hi' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() =>
      expect(api.bodiesOf(CHAT_API.sendMessage)).toEqual([{ agent_key: assistant.agent_key, content: 'Hi' }]),
    );
  });
});

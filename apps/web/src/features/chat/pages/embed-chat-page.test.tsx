import '../../../test/dom-setup.ts';
import { AGENT_API, REALTIME_API } from '@tandem/contract/api';
import { CHAT_API } from '@tandem/contract/chat';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { disconnectRealtime } from '../../../shared/realtime/realtime-client.ts';
import { getSession } from '../../../shared/session/session-store.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { fakeRealtimeHub } from '../../../test/fake-realtime.ts';
import { recordNotices } from '../../../test/notices.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { EmbedChatPage } from './embed-chat-page.tsx';

recordNotices();

const info = {
  id: 5,
  agent_key: 'web-helper',
  name: 'Web Helper',
  avatar: '',
  description: 'Answers visitors.',
  greeting: 'Welcome! Ask me anything.',
  first_question: '',
  markdown: true,
  suggest_questions: false,
  points_per_request: 2,
  supports_images: false,
  can_edit: false,
};

function serve(publicInfo: () => object = () => ({ data: info })) {
  return fakeApi({
    [AGENT_API.publicInfo]: publicInfo,
    [CHAT_API.sendMessage]: () => ({
      data: {
        conversation_id: 'conv-9',
        title: 'Hello',
        user_message_id: 20,
        assistant_message_id: 21,
        channel: 'chat:conv-9',
        points: 2,
      },
    }),
    [CHAT_API.conversationMessages]: () => ({ data: { data: [], total: 0 } }),
    [REALTIME_API.clientToken]: () => ({ data: 'jwt-visitor' }),
    [REALTIME_API.chatToken]: () => ({ data: 'jwt-chat' }),
  });
}

const openEmbed = () =>
  renderPage(<EmbedChatPage />, { path: `/embed/agent/${info.agent_key}`, route: '/embed/agent/:agent_key' });

beforeEach(() => {
  getSession().reset();
  localStorage.clear();
});

afterEach(() => {
  disconnectRealtime();
  vi.restoreAllMocks();
});

describe('an agent’s chat embedded in another site', () => {
  it('lets a visitor without an account chat, known by a token the browser keeps', async () => {
    const api = serve();
    const hub = fakeRealtimeHub();
    await openEmbed();
    expect(await screen.findByText('Welcome! Ask me anything.')).toBeTruthy();
    expect(screen.queryByText(/Points left/)).toBeNull();

    const box = await screen.findByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'Hello' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(hub.channels()).toContain('chat:conv-9'));
    // A visitor has no notification channel.
    expect(hub.channels()).toEqual(['chat:conv-9']);
    const [headers] = api.headersOf(CHAT_API.sendMessage);
    expect(headers?.['x-visitor-token']).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(headers?.Authorization).toBeUndefined();

    hub.publish('chat:conv-9', {
      type: 'done',
      message_id: 21,
      content: 'Echo: Hello',
      reasoning: '',
      status: 'done',
      finish_reason: 'stop',
      points: 2,
    });
    expect(await screen.findByText('Echo: Hello')).toBeTruthy();
    // Opened again, the frame continues the conversation.
    expect(localStorage.getItem('embed_conversation:web-helper')).toBe('conv-9');
    expect(screen.getByRole('button', { name: /New conversation/ })).toBeTruthy();
  });

  it('offers images to attach only to one signed in, as uploads need an account', async () => {
    serve(() => ({ data: { ...info, supports_images: true } }));
    fakeRealtimeHub();
    await openEmbed();
    await screen.findByRole('textbox', { name: 'Message' });
    expect(screen.queryByRole('button', { name: 'Attach images' })).toBeNull();
  });

  it('asks a visitor to sign in for an agent only its team may use', async () => {
    serve(() => ({ status: 401, code: 1010, msg: 'Please sign in' }));
    fakeRealtimeHub();
    await openEmbed();
    expect(
      await screen.findByText("This agent is for its team's members. Sign in to chat with it."),
    ).toBeTruthy();
    const link = screen.getByRole('link', { name: /Sign in to chat/ });
    expect(link.getAttribute('href')).toBe('/chat?agent_key=web-helper');
  });
});

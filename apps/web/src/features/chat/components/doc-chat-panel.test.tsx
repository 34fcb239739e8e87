import '../../../test/dom-setup.ts';
import { AGENT_KNOWLEDGE_API } from '@tandem/contract/agent-knowledge';
import { AGENT_API, REALTIME_API } from '@tandem/contract/api';
import { CHAT_API } from '@tandem/contract/chat';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectRealtime, disconnectRealtime } from '../../../shared/realtime/realtime-client.ts';
import { getSession } from '../../../shared/session/session-store.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { fakeRealtimeHub } from '../../../test/fake-realtime.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { type DocChatHandOff, DocChatPanel } from './doc-chat-panel.tsx';

vi.setConfig({ testTimeout: 20_000 });

const librarian = {
  id: 3,
  agent_key: 'librarian-key',
  name: 'Librarian',
  description: '',
  avatar: '',
  status: 'published',
  points_per_request: 2,
  last_used_at: '2026-11-20T10:00:00Z',
};

function serve() {
  return fakeApi({
    [CHAT_API.agentList]: () => ({ data: [librarian] }),
    [AGENT_API.publicInfo]: () => ({
      data: {
        ...librarian,
        greeting: '',
        first_question: '',
        markdown: true,
        suggest_questions: false,
        supports_images: false,
        can_edit: false,
      },
    }),
    [AGENT_KNOWLEDGE_API.agentSendMessage]: () => ({
      data: {
        conversation_id: 'conv-doc',
        title: 'Badges',
        user_message_id: 20,
        assistant_message_id: 21,
        channel: 'chat:conv-doc',
        points: 2,
      },
    }),
    [CHAT_API.conversationMessages]: () => ({ data: { data: [], total: 0 } }),
    [CHAT_API.conversationList]: () => ({ data: { data: [], total: 0 } }),
    [REALTIME_API.clientToken]: () => ({ data: 'jwt' }),
    [REALTIME_API.chatToken]: () => ({ data: 'jwt-chat' }),
  });
}

/** The panel with a hand-off the test gives, as the editor's bridge would. */
function Harness({ handOff }: { handOff: DocChatHandOff | null }) {
  const [pending, setPending] = useState(handOff);
  return (
    <DocChatPanel
      doc={{ id: 42, name: 'Onboarding' }}
      pending={pending}
      onTake={() => {
        const taken = pending;
        setPending(null);
        return taken;
      }}
      onClose={() => {}}
      width={420}
    />
  );
}

beforeEach(() => {
  getSession().setToken('session-token');
  vi.spyOn(console, 'info').mockImplementation(() => {});
});

afterEach(() => {
  disconnectRealtime();
  getSession().reset();
  vi.restoreAllMocks();
});

describe('the chat beside a document', () => {
  it('quotes a selection into the question and asks with the open document', async () => {
    const api = serve();
    const hub = fakeRealtimeHub();
    connectRealtime({ userId: 7, url: 'ws://localhost/connection/websocket' });
    await renderPage(<Harness handOff={{ kind: 'quote', text: 'Badges at the desk', seq: 1 }} />);
    expect(await screen.findByText('Reads this document: Onboarding')).toBeTruthy();
    expect(await screen.findByText('Librarian')).toBeTruthy();
    const box = (await screen.findByRole('textbox', { name: 'Message' })) as HTMLTextAreaElement;
    await waitFor(() => expect(box.value).toBe('> Badges at the desk\n\n'));
    fireEvent.change(box, { target: { value: `${box.value}Where exactly?` } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() =>
      expect(api.bodiesOf(AGENT_KNOWLEDGE_API.agentSendMessage)).toEqual([
        { agent_key: 'librarian-key', content: '> Badges at the desk\n\nWhere exactly?', doc_id: 42 },
      ]),
    );
    await vi.waitFor(() => expect(hub.channels()).toContain('chat:conv-doc'));
  });

  it('sends a selection added to the chat before the next question, once', async () => {
    const api = serve();
    fakeRealtimeHub();
    connectRealtime({ userId: 7, url: 'ws://localhost/connection/websocket' });
    await renderPage(<Harness handOff={{ kind: 'add', text: 'Parking is behind', seq: 2 }} />);
    expect(await screen.findByText('Added from the document')).toBeTruthy();
    expect(screen.getByText('Parking is behind')).toBeTruthy();
    const box = await screen.findByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'Is it free?' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() =>
      expect(api.bodiesOf(AGENT_KNOWLEDGE_API.agentSendMessage)).toEqual([
        { agent_key: 'librarian-key', content: '> Parking is behind\n\nIs it free?', doc_id: 42 },
      ]),
    );
    await waitFor(() => expect(screen.queryByText('Added from the document')).toBeNull());
  });
});

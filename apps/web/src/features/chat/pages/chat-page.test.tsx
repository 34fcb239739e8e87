import '../../../test/dom-setup.ts';
import { AGENT_API, REALTIME_API, UPLOAD_API } from '@tandem/contract/api';
import { CHAT_API, type ChatMessage, type Conversation } from '@tandem/contract/chat';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectRealtime, disconnectRealtime } from '../../../shared/realtime/realtime-client.ts';
import { emitRealtimeEvent } from '../../../shared/realtime/realtime-events.ts';
import { getSession } from '../../../shared/session/session-store.ts';
import { createAgentCard } from '../../../test/agent-factories.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { fakeRealtimeHub } from '../../../test/fake-realtime.ts';
import { recordNotices } from '../../../test/notices.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { ChatPage } from './chat-page.tsx';

const notices = recordNotices();

const card = createAgentCard();
const info = {
  id: card.id,
  agent_key: card.agent_key,
  name: card.name,
  avatar: '',
  description: card.description,
  greeting: 'Hello! Where shall we go?',
  first_question: 'Plan a weekend in Kyoto',
  markdown: true,
  suggest_questions: false,
  points_per_request: 2,
  supports_images: false,
  can_edit: false,
};
const trip: Conversation = {
  conversation_id: 'conv-1',
  title: 'Kyoto trip',
  agent_id: card.id,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
};

/** The agent, its conversations and the chat calls, answering a send with conversation conv-1. */
function serve(
  conversations: Conversation[] = [],
  messages: ChatMessage[] | ((page: number) => { data: ChatMessage[]; total: number }) = [],
  agentInfo: typeof info = info,
  overrides: Parameters<typeof fakeApi>[0] = {},
) {
  let shown = [...conversations];
  served = fakeApi({
    [AGENT_API.publicInfo]: () => ({ data: agentInfo }),
    [CHAT_API.conversationList]: () => ({ data: { data: shown, total: shown.length } }),
    [CHAT_API.conversationMessages]: (_, params) => ({
      data:
        typeof messages === 'function'
          ? messages(params.before_id === undefined ? 1 : 2)
          : { data: messages, total: messages.length },
    }),
    [CHAT_API.sendMessage]: () => ({
      data: {
        conversation_id: 'conv-1',
        title: 'Hi there',
        user_message_id: 10,
        assistant_message_id: 11,
        channel: 'chat:conv-1',
        points: 2,
      },
    }),
    [CHAT_API.renameConversation]: () => ({ data: null }),
    [CHAT_API.stopMessage]: () => ({ data: { stopped: true } }),
    [CHAT_API.deleteConversation]: (body) => {
      shown = shown.filter(
        (row) => row.conversation_id !== (body as { conversation_id: string }).conversation_id,
      );
      return { data: null };
    },
    [REALTIME_API.clientToken]: () => ({ data: 'jwt-ada' }),
    [REALTIME_API.chatToken]: () => ({ data: 'jwt-chat' }),
    ...overrides,
  });
  return served;
}
let served: ReturnType<typeof fakeApi>;

async function openChat(query = '') {
  const hub = fakeRealtimeHub();
  connectRealtime({ userId: 7, url: 'ws://localhost/connection/websocket' });
  await waitFor(() => expect(hub.channels()).toEqual(['personal:#7']));
  const { router } = await renderPage(<ChatPage />, {
    path: `/chat?agent_key=${card.agent_key}${query}`,
    route: '/chat',
  });
  return Object.assign(hub, { router });
}

async function sendHiThere(hub: ReturnType<typeof fakeRealtimeHub>) {
  const box = await screen.findByRole('textbox', { name: 'Message' });
  fireEvent.change(box, { target: { value: 'Hi there' } });
  fireEvent.keyDown(box, { key: 'Enter' });
  await waitFor(() => expect(hub.channels()).toContain('chat:conv-1'));
  // Subscribed once the page reads the conversation: publications before that would not be the page's.
  await waitFor(() =>
    expect(served.paramsOf(CHAT_API.conversationMessages)).toContainEqual(
      expect.objectContaining({ conversation_id: 'conv-1' }),
    ),
  );
  return box;
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

describe('the chat page', () => {
  it("greets with the agent's opening, then streams the reply to a sent message from its channel", async () => {
    const api = serve();
    const hub = await openChat();
    expect(await screen.findByText('Hello! Where shall we go?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Plan a weekend in Kyoto' })).toBeTruthy();
    // The opening is not a reply: nothing to copy, rate or regenerate on it.
    expect(document.querySelector('.chat-welcome .chat-message-actions')).toBeNull();

    const box = await sendHiThere(hub);
    expect(api.bodiesOf(CHAT_API.sendMessage)).toEqual([{ agent_key: card.agent_key, content: 'Hi there' }]);
    expect(await screen.findByText('Hi there')).toBeTruthy();
    expect(api.bodiesOf(REALTIME_API.chatToken)).toEqual([{ conversation_id: 'conv-1' }]);

    hub.publish('chat:conv-1', { type: 'start', message_id: 11, user_message_id: 10 });
    hub.publish('chat:conv-1', { type: 'reasoning', message_id: 11, content: 'The user greets.', at: 0 });
    hub.publish('chat:conv-1', { type: 'delta', message_id: 11, content: 'Echo: ', at: 0 });
    hub.publish('chat:conv-1', { type: 'delta', message_id: 11, content: 'Hi', at: 6 });
    expect(await screen.findByText('Echo: Hi')).toBeTruthy();
    expect(screen.getByText('Thinking')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Stop/ })).toBeTruthy();
    expect((box as HTMLTextAreaElement).disabled).toBe(true);

    hub.publish('chat:conv-1', {
      type: 'done',
      message_id: 11,
      content: 'Echo: **Hi there**',
      reasoning: 'The user greets.',
      status: 'done',
      finish_reason: 'stop',
      points: 2,
    });
    await waitFor(() => expect(screen.getByText('Hi there', { selector: 'strong' })).toBeTruthy());
    expect((box as HTMLTextAreaElement).disabled).toBe(false);
    expect(screen.queryByRole('button', { name: /Stop/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Regenerate' })).toBeTruthy();
    expect(screen.getByText('2 points per message')).toBeTruthy();
  });

  it('offers the next questions the agent suggests after a reply, and sends the one picked', async () => {
    const api = serve([], [], { ...info, suggest_questions: true, supports_images: true });
    const hub = await openChat();
    await sendHiThere(hub);
    hub.publish('chat:conv-1', {
      type: 'done',
      message_id: 11,
      content: 'Echo: Hi there',
      reasoning: '',
      status: 'done',
      finish_reason: 'stop',
      points: 2,
    });
    hub.publish('chat:conv-1', { type: 'suggestions', message_id: 11, questions: ['Why so?', 'What else?'] });
    const group = await screen.findByRole('group', { name: 'Suggested questions' });
    fireEvent.click(within(group).getByRole('button', { name: 'Why so?' }));
    await waitFor(() => expect(api.bodiesOf(CHAT_API.sendMessage)).toHaveLength(2));
    expect(api.bodiesOf(CHAT_API.sendMessage)[1]).toEqual({ conversation_id: 'conv-1', content: 'Why so?' });
    // The agent reads images: they can be attached.
    expect(screen.getByRole('button', { name: 'Attach images' })).toBeTruthy();
  });

  it('refuses an image of another format before uploading it', async () => {
    const api = serve([], [], { ...info, supports_images: true });
    await openChat();
    const input = (await screen.findByTestId('chat-image-input')) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'scan.bmp', { type: 'image/bmp' })] } });
    expect(await screen.findByText('Only JPG, PNG, GIF and WEBP images can be attached.')).toBeTruthy();
    expect(api.calls.some((call) => call.url.includes('upload'))).toBe(false);
  });

  it('takes a warning about a refused image away once a good message is sent', async () => {
    const api = serve([], [], { ...info, supports_images: true });
    const hub = await openChat();
    const input = (await screen.findByTestId('chat-image-input')) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'scan.bmp', { type: 'image/bmp' })] } });
    const warning = 'Only JPG, PNG, GIF and WEBP images can be attached.';
    expect(await screen.findByText(warning)).toBeTruthy();
    await sendHiThere(hub);
    expect(api.bodiesOf(CHAT_API.sendMessage)).toEqual([expect.objectContaining({ content: 'Hi there' })]);
    await waitFor(() => expect(screen.queryByText(warning)).toBeNull());
  });

  it('takes a refusal of the message’s image away when the image is taken off', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:photo');
    URL.revokeObjectURL = vi.fn();
    serve(
      [],
      [],
      { ...info, supports_images: true },
      {
        [UPLOAD_API.image]: () => ({
          data: { id: 'abcdefghijklmnopqrstuv.png', file: '/api/upload/files/x.png' },
        }),
        [CHAT_API.sendMessage]: () => ({ status: 400, code: 2040, msg: '' }),
      },
    );
    await openChat();
    const input = (await screen.findByTestId('chat-image-input')) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'photo.png', { type: 'image/png' })] } });
    const box = await screen.findByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'What is this?' } });
    const send = screen.getByRole('button', { name: /Send/ });
    await waitFor(() => expect((send as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(send);
    const refusal = "This agent's model cannot read images. Send the message without them.";
    expect(await screen.findByText(refusal)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo.png' }));
    await waitFor(() => expect(screen.queryByText(refusal)).toBeNull());
  });

  it('sends the agent’s first question when it is pressed', async () => {
    const api = serve();
    const hub = await openChat();
    fireEvent.click(await screen.findByRole('button', { name: 'Plan a weekend in Kyoto' }));
    await waitFor(() => expect(hub.channels()).toContain('chat:conv-1'));
    expect(api.bodiesOf(CHAT_API.sendMessage)).toEqual([
      expect.objectContaining({ agent_key: card.agent_key, content: 'Plan a weekend in Kyoto' }),
    ]);
  });

  it('shows a reasoning model’s thinking folded, to open on request', async () => {
    serve();
    const hub = await openChat();
    await sendHiThere(hub);
    hub.publish('chat:conv-1', { type: 'reasoning', message_id: 11, content: 'The user greets me.', at: 0 });
    hub.publish('chat:conv-1', { type: 'delta', message_id: 11, content: 'Hello!', at: 0 });
    // A role query over the whole page takes over a second on a busy machine.
    const thinking = await screen.findByRole('button', { name: /Thinking/ });
    expect(thinking.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('The user greets me.')).toBeNull();
    fireEvent.click(thinking);
    expect(await screen.findByText('The user greets me.')).toBeTruthy();
  });

  it('shows the error a reply ends with, in the reader’s language', async () => {
    serve();
    const hub = await openChat();
    await sendHiThere(hub);
    hub.publish('chat:conv-1', { type: 'error', message_id: 11, code: 2005, msg: '系统繁忙' });
    expect(await screen.findByText(/system is busy/i)).toBeTruthy();
  });

  it('tells a month’s quota used up from too few points, and keeps the message to send again', async () => {
    const refusals = [
      { status: 402, code: 2001, msg: '' },
      { status: 402, code: 2004, msg: '' },
    ];
    serve([], [], info, { [CHAT_API.sendMessage]: () => refusals.shift()! });
    await openChat();
    const box = await screen.findByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'Plan my week' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByText(/This month's points are used up/)).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('Plan my week');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByText('Not enough points. Recharge to continue.')).toBeTruthy();
    expect(screen.queryByText(/This month's points are used up/)).toBeNull();
  });

  it('keeps a message a dropped connection did not send, and the reader signed in, to send it again', async () => {
    const answers = [{ network: true }];
    serve([], [], info, {
      [CHAT_API.sendMessage]: () =>
        answers.shift() ?? {
          data: {
            conversation_id: 'conv-1',
            title: 'Plan my week',
            user_message_id: 10,
            assistant_message_id: 11,
            channel: 'chat:conv-1',
            points: 2,
          },
        },
    });
    const hub = await openChat();
    const box = await screen.findByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'Plan my week' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByText('Network error, sending failed.')).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('Plan my week');
    expect(getSession().token).toBe('session-token');
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(hub.channels()).toContain('chat:conv-1'));
    expect(screen.queryByText('Network error, sending failed.')).toBeNull();
  });

  it('copies a reply, and says so when the browser will not', async () => {
    serve([trip], [{ ...saved(11, 'assistant', 'Echo: Kyoto'), status: 'done' }]);
    await openChat('&conversation_id=conv-1');
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    // A role query over the whole page takes over a second on a busy machine.
    const copy = await screen.findByRole('button', { name: 'Copy' });
    fireEvent.click(copy);
    await waitFor(() => expect(notices.keys()).toContain('chat.copied'));
    expect(writeText).toHaveBeenCalledWith('Echo: Kyoto');
    fireEvent.click(copy);
    await waitFor(() => expect(notices.keys()).toContain('chat.copy_failed'));
  });

  it('offers one who may edit the agent its settings when its model has gone', async () => {
    serve([], [], { ...info, can_edit: true });
    const hub = await openChat();
    await sendHiThere(hub);
    hub.publish('chat:conv-1', { type: 'error', message_id: 11, code: 2007, msg: 'gone' });
    const link = await screen.findByRole('link', { name: 'Update model' });
    expect(link.getAttribute('href')).toBe(`/agent/index/creation?agent_id=${card.id}`);
  });

  it('shows a conversation with a deleted agent to read, under its old name, with no way to send', async () => {
    const question = { ...saved(10, 'user', 'Hi there'), status: 'done' as const };
    const answer = { ...saved(11, 'assistant', 'Echo: Hi there'), status: 'done' as const };
    fakeApi({
      [AGENT_API.publicInfo]: () => ({
        status: 410,
        code: 2008,
        data: { name: 'Retired Helper', avatar: '' },
      }),
      [CHAT_API.conversationMessages]: () => ({ data: { data: [question, answer], total: 2 } }),
      [REALTIME_API.clientToken]: () => ({ data: 'jwt-ada' }),
      [REALTIME_API.chatToken]: () => ({ data: 'jwt-chat' }),
    });
    await openChat('&conversation_id=conv-1');
    expect(await screen.findByRole('heading', { name: 'Retired Helper' })).toBeTruthy();
    expect(await screen.findByText('Echo: Hi there')).toBeTruthy();
    expect(screen.getByText(/This agent has been deleted/)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Regenerate' })).toBeNull();
  });

  it('renames a conversation only with a title', async () => {
    const api = serve([trip]);
    await openChat();
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Kyoto trip' }));
    const dialog = await screen.findByRole('dialog');
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    fireEvent.change(title, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a title.')).toBeTruthy();
    expect(api.bodiesOf(CHAT_API.renameConversation)).toEqual([]);

    fireEvent.change(title, { target: { value: ' Osaka trip ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.bodiesOf(CHAT_API.renameConversation)).toEqual([
        { conversation_id: 'conv-1', title: 'Osaka trip' },
      ]),
    );
  });

  it('asks before deleting a conversation', async () => {
    const api = serve([trip]);
    await openChat();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Kyoto trip' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Kyoto trip.*cannot be undone/)).toBeTruthy();
    expect(api.bodiesOf(CHAT_API.deleteConversation)).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(api.bodiesOf(CHAT_API.deleteConversation)).toEqual([{ conversation_id: 'conv-1' }]),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Rename Kyoto trip' })).toBeNull());
  });

  it('continues live a reply still streaming when its conversation is opened, and stops it on request', async () => {
    const question = { ...saved(10, 'user', 'Hi there'), status: 'done' as const };
    const api = serve([trip], [question, saved(11, 'assistant', 'Echo:')]);
    const hub = await openChat();
    fireEvent.click(await screen.findByRole('button', { name: 'Kyoto trip' }));
    await waitFor(() => expect(hub.channels()).toContain('chat:conv-1'));
    expect(hub.router.state.location.search).toBe(`?agent_key=${card.agent_key}&conversation_id=conv-1`);
    expect(await screen.findByText('Echo:')).toBeTruthy();

    hub.publish('chat:conv-1', { type: 'delta', message_id: 11, content: ' Hi there', at: 5 });
    expect(await screen.findByText('Echo: Hi there')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Stop/ }));
    await waitFor(() => expect(api.bodiesOf(CHAT_API.stopMessage)).toEqual([{ conversation_id: 'conv-1' }]));
  });
});

it('shows a reply whose first pieces went out before the subscription without a hole', async () => {
  let reads = 0;
  const question = { ...saved(10, 'user', 'Hi there'), status: 'done' as const };
  serve([], () => {
    reads += 1;
    // The server saves every 500 ms: the first reads after the send find nothing of the reply yet.
    const content = reads >= 3 ? 'Echo: ' : '';
    return { data: [question, saved(11, 'assistant', content)], total: 2 };
  });
  const hub = await openChat();
  await sendHiThere(hub);
  hub.publish('chat:conv-1', { type: 'delta', message_id: 11, content: 'Hi ', at: 6 });
  hub.publish('chat:conv-1', { type: 'delta', message_id: 11, content: 'there', at: 9 });
  expect(await screen.findByText('Echo: Hi there')).toBeTruthy();
  expect(reads).toBeGreaterThanOrEqual(3);
  expect(screen.queryByText('Hi there', { selector: '.ant-bubble-content *' })).toBeNull();
});

it('shows a question sent from another tab with its reply streaming in', async () => {
  let reads = 0;
  let isAsked = false;
  const asked = { ...saved(20, 'user', 'Asked in another tab'), status: 'done' as const };
  serve([trip], () => {
    reads += 1;
    return isAsked ? { data: [asked, saved(21, 'assistant', '')], total: 2 } : { data: [], total: 0 };
  });
  const hub = await openChat();
  fireEvent.click(await screen.findByRole('button', { name: 'Kyoto trip' }));
  // Opened, and read again once subscribed: nothing asked yet.
  await waitFor(() => expect(reads).toBe(2));
  isAsked = true;
  hub.publish('chat:conv-1', { type: 'start', message_id: 21, user_message_id: 20 });
  hub.publish('chat:conv-1', { type: 'delta', message_id: 21, content: 'Echo:', at: 0 });
  expect(await screen.findByText('Asked in another tab')).toBeTruthy();
  expect(await screen.findByText('Echo:')).toBeTruthy();
});

it('closes the chat as soon as the agent is deleted elsewhere, its conversation still readable', async () => {
  let isDeleted = false;
  const question = { ...saved(10, 'user', 'Hi there'), status: 'done' as const };
  serve([trip], [question], info, {
    [AGENT_API.publicInfo]: () =>
      isDeleted
        ? { status: 410, code: 2008, msg: '', data: { name: info.name, avatar: '' } }
        : { data: info },
  });
  await openChat('&conversation_id=conv-1');
  expect(await screen.findByRole('textbox', { name: 'Message' })).toBeTruthy();
  isDeleted = true;
  act(() => emitRealtimeEvent({ type: 'SA:agent_deleted', agent_id: card.id, status: 4 }));
  expect(await screen.findByText(/This agent has been deleted/)).toBeTruthy();
  expect(await screen.findByText('Hi there')).toBeTruthy();
  expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
});

it('loads earlier messages of a long conversation on request', async () => {
  const api = serve([trip], (page) => ({
    data: [done(page === 1 ? 60 : 5, `message of page ${page}`)],
    total: 2,
  }));
  await openChat();
  fireEvent.click(await screen.findByRole('button', { name: 'Kyoto trip' }));
  expect(await screen.findByText('message of page 1')).toBeTruthy();
  // The control above the messages may come a render after them (a loaded run found it missing).
  fireEvent.click(await screen.findByRole('button', { name: 'Load earlier messages' }));
  expect(await screen.findByText('message of page 2')).toBeTruthy();
  // Read by the earliest message shown, not by page number.
  expect(api.paramsOf(CHAT_API.conversationMessages).map((params) => params.before_id)).toContain(60);
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Load earlier messages' })).toBeNull());
});

it('offers earlier messages when the channel reads the conversation before its first page answers', async () => {
  let newestReads = 0;
  let answerFirst = () => {};
  const isFirstHeld = new Promise<void>((resolve) => {
    answerFirst = resolve;
  });
  serve([trip], [], info, {
    [CHAT_API.conversationMessages]: async (_, params) => {
      if (params.before_id !== undefined) return { data: { data: [done(5, 'message of page 2')], total: 2 } };
      newestReads += 1;
      // The page's own read answers last, after the read the subscription makes.
      if (newestReads === 1) await isFirstHeld;
      return { data: { data: [done(60, 'message of page 1')], total: 2 } };
    },
  });
  await openChat();
  fireEvent.click(await screen.findByRole('button', { name: 'Kyoto trip' }));
  expect(await screen.findByText('message of page 1')).toBeTruthy();
  expect(newestReads).toBe(2);
  answerFirst();
  fireEvent.click(await screen.findByRole('button', { name: 'Load earlier messages' }));
  expect(await screen.findByText('message of page 2')).toBeTruthy();
});

it('without the channel, polls a streaming reply until it is saved', async () => {
  let reads = 0;
  const question = { ...saved(10, 'user', 'Hi there'), status: 'done' as const };
  serve([], () => {
    reads += 1;
    const reply =
      reads > 1
        ? { ...saved(11, 'assistant', 'Echo: Hi there'), status: 'done' as const }
        : saved(11, 'assistant', '');
    return { data: [question, reply], total: 2 };
  });
  const hub = await openChat();
  hub.refusesChannel = (channel) => channel.startsWith('chat:');
  const box = await screen.findByRole('textbox', { name: 'Message' });
  fireEvent.change(box, { target: { value: 'Hi there' } });
  fireEvent.keyDown(box, { key: 'Enter' });
  await waitFor(() => expect(screen.getByText('Echo: Hi there')).toBeTruthy());
  expect((box as HTMLTextAreaElement).disabled).toBe(false);
});

it('without the channel, keeps the earlier messages read while it polls a streaming reply', async () => {
  let newestReads = 0;
  const question = { ...saved(60, 'user', 'Hi there'), status: 'done' as const };
  serve([trip], (page) => {
    if (page === 2) return { data: [{ ...saved(5, 'user', 'an early question'), status: 'done' }], total: 3 };
    newestReads += 1;
    const reply =
      newestReads > 2
        ? { ...saved(61, 'assistant', 'Echo: Hi there'), status: 'done' as const }
        : saved(61, 'assistant', '');
    return { data: [question, reply], total: 3 };
  });
  const hub = await openChat();
  hub.refusesChannel = (channel) => channel.startsWith('chat:');
  fireEvent.click(await screen.findByRole('button', { name: 'Kyoto trip' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Load earlier messages' }));
  expect(await screen.findByText('an early question')).toBeTruthy();
  await waitFor(() => expect(screen.getByText('Echo: Hi there')).toBeTruthy());
  expect(screen.getByText('an early question')).toBeTruthy();
});

/** A question the user asked, saved. */
function done(id: number, content: string): ChatMessage {
  return { ...saved(id, 'user', content), status: 'done' };
}

function saved(id: number, role: 'user' | 'assistant', content: string): ChatMessage {
  return {
    id,
    conversation_id: 'conv-1',
    role,
    content,
    reasoning: '',
    status: 'streaming',
    error_code: null,
    finish_reason: null,
    model_id: null,
    points: 0,
    created_at: '2026-11-20T10:00:00Z',
    feedback: null,
  };
}

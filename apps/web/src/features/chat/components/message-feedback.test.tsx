import '../../../test/dom-setup.ts';
import { CHAT_API, type ChatMessage } from '@tandem/contract/chat';
import { CHAT_FEEDBACK_API } from '@tandem/contract/chat-feedback';
import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getSession } from '../../../shared/session/session-store.ts';
import { type FakeAnswer, fakeApi } from '../../../test/fake-api.ts';
import { recordNotices } from '../../../test/notices.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { messagesQuery } from '../api/chat.ts';
import { MessageItem } from './message-item.tsx';

// A busy machine (CI runs the projects side by side) can take more than the default second to render.
const notices = recordNotices();

const message = (id: number, overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  conversation_id: 'conv-1',
  role: 'assistant',
  content: `Reply ${id}`,
  reasoning: '',
  status: 'done',
  error_code: null,
  finish_reason: 'stop',
  model_id: 3,
  points: 2,
  created_at: '2026-11-20T10:00:00Z',
  feedback: null,
  ...overrides,
});

/** A conversation's messages from the cache, as the chat page shows them, each rateable where it may be. */
function Conversation({ canRate = true }: { canRate?: boolean }) {
  const query = useQuery(messagesQuery('conv-1'));
  return (
    <>
      {query.data?.data.map((shown) => (
        <div key={shown.id} data-testid={`message-${shown.id}`}>
          <MessageItem message={shown} canRate={canRate} />
        </div>
      ))}
    </>
  );
}

function serve(
  messages: ChatMessage[],
  rate: (body: unknown) => FakeAnswer | Promise<FakeAnswer> = () => ({}),
) {
  return fakeApi({
    [CHAT_API.conversationMessages]: () => ({ data: { data: messages, total: messages.length } }),
    [CHAT_FEEDBACK_API.rate]: async (body) => {
      const { message_id, rating, reason, comment } = body as Record<string, never>;
      const answer = await rate(body);
      return answer.status
        ? answer
        : {
            data: {
              message_id,
              feedback: rating ? { rating, reason: reason ?? null, comment: comment ?? '' } : null,
            },
          };
    },
  });
}

const reply = async (id: number) => within(await screen.findByTestId(`message-${id}`));
const pressed = (button: HTMLElement) => button.getAttribute('aria-pressed');

beforeEach(() => getSession().setToken('session-token'));
afterEach(() => getSession().reset());

describe('liking and disliking a reply', () => {
  it('likes a reply at once, and a second press clears the like', async () => {
    const api = serve([message(11)]);
    await renderPage(<Conversation />);
    const like = (await reply(11)).getByRole('button', { name: 'Like' });
    expect(pressed(like)).toBe('false');
    fireEvent.click(like);
    await waitFor(() => expect(pressed(like)).toBe('true'));
    expect(pressed((await reply(11)).getByRole('button', { name: 'Dislike' }))).toBe('false');
    await waitFor(() => expect(api.bodiesOf(CHAT_FEEDBACK_API.rate)).toHaveLength(1));
    fireEvent.click(like);
    await waitFor(() => expect(pressed(like)).toBe('false'));
    await waitFor(() =>
      expect(api.bodiesOf(CHAT_FEEDBACK_API.rate)).toEqual([
        { message_id: 11, rating: 'like' },
        { message_id: 11, rating: null },
      ]),
    );
  });

  it('asks why before a dislike: a reason is required, and “Other” needs a comment', async () => {
    const api = serve([message(11, { feedback: { rating: 'like', reason: null, comment: '' } })]);
    await renderPage(<Conversation />);
    const dislike = (await reply(11)).getByRole('button', { name: 'Dislike' });
    fireEvent.click(dislike);
    const dialog = await screen.findByRole('dialog', { name: 'What was wrong with this reply?' });
    const submit = within(dialog).getByRole('button', { name: 'Submit' });

    fireEvent.click(submit);
    expect(await within(dialog).findByText('Choose a reason.')).toBeTruthy();
    const reasons = within(dialog).getByRole('radiogroup', { name: 'Reason' });
    expect(within(reasons).getAllByRole('radio')).toHaveLength(8);
    fireEvent.click(within(reasons).getByRole('radio', { name: 'Other' }));
    fireEvent.click(submit);
    expect(await within(dialog).findByText('Describe the problem.')).toBeTruthy();
    expect(api.bodiesOf(CHAT_FEEDBACK_API.rate)).toEqual([]);

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Details' }), {
      target: { value: ' Made up a museum. ' },
    });
    fireEvent.click(submit);
    await waitFor(() => expect(pressed(dislike)).toBe('true'));
    expect(pressed((await reply(11)).getByRole('button', { name: 'Like' }))).toBe('false');
    expect(api.bodiesOf(CHAT_FEEDBACK_API.rate)).toEqual([
      { message_id: 11, rating: 'dislike', reason: 'other', comment: 'Made up a museum.' },
    ]);
    await waitFor(() => expect(notices.keys()).toContain('chat.feedback_thanks'));

    // Pressing dislike again clears it, without asking.
    fireEvent.click(dislike);
    await waitFor(() => expect(pressed(dislike)).toBe('false'));
    expect(api.bodiesOf(CHAT_FEEDBACK_API.rate).at(-1)).toEqual({ message_id: 11, rating: null });
  });

  it('closes the dialog without rating when cancelled', async () => {
    const api = serve([message(11)]);
    await renderPage(<Conversation />);
    fireEvent.click((await reply(11)).getByRole('button', { name: 'Dislike' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Inaccurate' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.bodiesOf(CHAT_FEEDBACK_API.rate)).toEqual([]);
    expect(pressed((await reply(11)).getByRole('button', { name: 'Dislike' }))).toBe('false');
  });

  it('puts the rating back and says so when it could not be saved', async () => {
    let fail = () => {};
    const failed = new Promise<FakeAnswer>((resolve) => {
      fail = () => resolve({ status: 503, code: 2005, msg: 'busy' });
    });
    serve([message(11, { feedback: { rating: 'dislike', reason: 'bias', comment: '' } })], () => failed);
    await renderPage(<Conversation />);
    const like = (await reply(11)).getByRole('button', { name: 'Like' });
    const dislike = (await reply(11)).getByRole('button', { name: 'Dislike' });
    fireEvent.click(like);
    // Shown before the server answers.
    await waitFor(() => expect(pressed(like)).toBe('true'));
    expect(pressed(dislike)).toBe('false');
    fail();
    await waitFor(() => expect(pressed(dislike)).toBe('true'));
    expect(pressed(like)).toBe('false');
    expect(notices.keys().length).toBeGreaterThan(0);
  });

  it('offers a rating only on finished replies, and only where the reader may rate', async () => {
    serve([
      message(10, { role: 'user', content: 'Question' }),
      message(11, { status: 'stopped' }),
      message(12, { status: 'failed', error_code: 2005, content: '' }),
      message(13, { status: 'streaming' }),
    ]);
    const { unmount } = await renderPage(<Conversation />);
    expect((await reply(11)).getByRole('button', { name: 'Like' })).toBeTruthy();
    for (const id of [10, 12, 13]) {
      expect((await reply(id)).queryByRole('button', { name: 'Like' }), `message ${id}`).toBeNull();
    }
    unmount();
    await renderPage(<Conversation canRate={false} />);
    await reply(11);
    expect(screen.queryByRole('button', { name: 'Like' })).toBeNull();
  });
});

import '../../../test/dom-setup.ts';
import { CHAT_SHARE_API, type SharedConversation } from '@tandem/contract/chat-share';
import { ERRORS } from '@tandem/contract/errors';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getSession } from '../../../shared/session/session-store.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { SharedChatPage } from './shared-chat-page.tsx';

const CODE = 'KyotoShareCodexxxxxxxxxxxxxxxxxx';
const shared: SharedConversation = {
  title: 'Kyoto trip',
  agent: { name: 'Travel Guide', avatar: '', agent_key: 'travel-key' },
  markdown: true,
  messages: [
    {
      role: 'user',
      content: 'Plan a day in Kyoto',
      reasoning: '',
      attachments: ['/api/upload/files/AbCdEfGhIjKlMnOpQrStUv.png'],
      created_at: '2026-11-20T10:00:00Z',
    },
    {
      role: 'assistant',
      content: '## Morning\n\nVisit **Fushimi Inari** early.',
      reasoning: '',
      attachments: [],
      created_at: '2026-11-20T10:00:05Z',
    },
  ],
  total: 2,
  shared_at: '2026-11-20T11:00:00Z',
};

function serve(read: () => { status?: number; code?: number; data?: unknown } = () => ({ data: shared })) {
  return fakeApi({
    [CHAT_SHARE_API.shared]: read,
    [CHAT_SHARE_API.continueShared]: () => ({
      data: { conversation_id: 'copy-1', agent_key: 'travel-key', title: 'Kyoto trip' },
    }),
  });
}

const openShared = (search = '') =>
  renderPage(<SharedChatPage />, { path: `/chat-share/${CODE}${search}`, route: '/chat-share/:share_code' });

afterEach(() => {
  getSession().reset();
});

describe('the shared conversation page', () => {
  it('shows the agent, the title and the messages read-only, the reply’s Markdown rendered', async () => {
    const api = serve();
    await openShared();
    expect(await screen.findByRole('heading', { name: 'Kyoto trip' })).toBeTruthy();
    expect(screen.getByText('Travel Guide')).toBeTruthy();
    expect(screen.getByText('Plan a day in Kyoto')).toBeTruthy();
    // The question's image, as it was sent.
    expect(screen.getByRole('img', { name: 'Image 1' }).getAttribute('src')).toBe(
      '/api/upload/files/AbCdEfGhIjKlMnOpQrStUv.png',
    );
    expect(screen.getByRole('heading', { name: 'Morning' })).toBeTruthy();
    expect(screen.getByText('Fushimi Inari').tagName).toBe('STRONG');
    expect(screen.getByText('Read-only')).toBeTruthy();
    // No actions on the messages: nothing to copy, regenerate or rate.
    expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Regenerate' })).toBeNull();
    expect(api.paramsOf(CHAT_SHARE_API.shared)).toEqual([{ share_code: CODE }]);
  });

  it('says a revoked or unknown link does not work', async () => {
    serve(() => ({ status: 404, code: ERRORS.SHARE_NOT_FOUND.code, msg: 'gone' }));
    await openShared();
    expect(await screen.findByText('This link does not work')).toBeTruthy();
    expect(screen.getByText('This conversation is not shared, or its link was revoked.')).toBeTruthy();
    expect(screen.getByText('Back to home').closest('a')?.getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: /Continue/ })).toBeNull();
  });

  it('continues the conversation as the signed-in reader’s own and opens it in the chat', async () => {
    getSession().setToken('session-token');
    const api = serve();
    await openShared();
    fireEvent.click(await screen.findByRole('button', { name: /Continue this conversation/ }));
    expect(
      await screen.findByText('landed on /chat?agent_key=travel-key&conversation_id=copy-1'),
    ).toBeTruthy();
    expect(api.bodiesOf(CHAT_SHARE_API.continueShared)).toEqual([{ share_code: CODE }]);
  });

  it('sends a visitor to sign in first, to come back and continue', async () => {
    const api = serve();
    await openShared();
    fireEvent.click(await screen.findByRole('button', { name: /Sign in to continue/ }));
    const back = encodeURIComponent(`/chat-share/${CODE}?continue=1`);
    expect(await screen.findByText(`landed on /login?redirect=${back}`)).toBeTruthy();
    expect(api.bodiesOf(CHAT_SHARE_API.continueShared)).toEqual([]);
  });

  it('continues at once when it comes back from signing in', async () => {
    getSession().setToken('session-token');
    const api = serve();
    await openShared('?continue=1');
    expect(
      await screen.findByText('landed on /chat?agent_key=travel-key&conversation_id=copy-1'),
    ).toBeTruthy();
    expect(api.bodiesOf(CHAT_SHARE_API.continueShared)).toEqual([{ share_code: CODE }]);
  });

  it('explains a refusal when the reader may not use the agent', async () => {
    getSession().setToken('session-token');
    fakeApi({
      [CHAT_SHARE_API.shared]: () => ({ data: shared }),
      [CHAT_SHARE_API.continueShared]: () => ({
        status: 409,
        code: ERRORS.SHARE_AGENT_UNAVAILABLE.code,
        msg: 'refused',
      }),
    });
    await openShared();
    fireEvent.click(await screen.findByRole('button', { name: /Continue this conversation/ }));
    await waitFor(() =>
      expect(
        screen.getByText(
          "You cannot use this conversation's agent, so you cannot continue the conversation.",
        ),
      ).toBeTruthy(),
    );
    expect(screen.getByRole('heading', { name: 'Kyoto trip' })).toBeTruthy();
  });
});

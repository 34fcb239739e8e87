import '../../../test/dom-setup.ts';
import { AGENT_API, REALTIME_API } from '@tandem/contract/api';
import { CHAT_API, type Conversation } from '@tandem/contract/chat';
import { CHAT_SITES_API, type SiteVersion } from '@tandem/contract/chat-sites';
import { focusManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectRealtime, disconnectRealtime } from '../../../shared/realtime/realtime-client.ts';
import { getSession } from '../../../shared/session/session-store.ts';
import { createAgentCard } from '../../../test/agent-factories.ts';
import { setScreenWidth } from '../../../test/dom-setup.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { fakeRealtimeHub } from '../../../test/fake-realtime.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { ChatPage } from './chat-page.tsx';

const card = createAgentCard();
const PREVIEW = 'http://localhost:3001/p/conv-1.2.999.sig/';
const picked = {
  tag: 'h1',
  text: 'Welcome',
  selector: '#main > h1',
  html: '<h1 class="title">Welcome</h1>',
};
const page: Conversation = {
  conversation_id: 'conv-1',
  title: 'Coffee shop',
  agent_id: card.id,
  created_at: '2026-11-25T10:00:00Z',
  updated_at: '2026-11-25T10:00:00Z',
};
const otherPage: Conversation = { ...page, conversation_id: 'conv-2', title: 'Flower shop' };

const versionOf = (version: number, status: SiteVersion['status']): SiteVersion => ({
  version,
  status,
  created_at: '2026-11-25T10:00:00.000Z',
  message_id: version * 10,
  errors: [],
  preview_url: status === 'ready' ? PREVIEW.replace('.2.', `.${version}.`) : null,
  shared: false,
  share_url: null,
});

/** A web builder's `conversations` (conv-1), each site's versions from `versionsOf` (a ready version 2). */
function serve({
  conversations = [page],
  versionsOf = () => [versionOf(2, 'ready')],
}: {
  conversations?: Conversation[];
  versionsOf?: (conversationId: string) => SiteVersion[];
} = {}) {
  return fakeApi({
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
    [CHAT_API.conversationList]: () => ({ data: { data: conversations, total: conversations.length } }),
    [CHAT_API.conversationMessages]: () => ({ data: { data: [], total: 0 } }),
    [CHAT_API.sendMessage]: () => ({
      data: {
        conversation_id: 'conv-1',
        title: 'Coffee shop',
        user_message_id: 10,
        assistant_message_id: 11,
        channel: 'chat:conv-1',
        points: 2,
      },
    }),
    [CHAT_SITES_API.siteVersions]: (_body, params) => {
      const versions = versionsOf(String(params.conversation_id));
      return { data: { data: versions, total: versions.length } };
    },
    [REALTIME_API.clientToken]: () => ({ data: 'jwt-ada' }),
    [REALTIME_API.chatToken]: () => ({ data: 'jwt-chat' }),
  });
}

async function openSiteChat(conversationId = 'conv-1') {
  const hub = fakeRealtimeHub();
  connectRealtime({ userId: 7, url: 'ws://localhost/connection/websocket' });
  await waitFor(() => expect(hub.channels()).toEqual(['personal:#7']));
  await renderPage(<ChatPage />, {
    path: `/chat?agent_key=${card.agent_key}&conversation_id=${conversationId}`,
    route: '/chat',
  });
  return hub;
}

/** Picks the element in the preview as its frame would post it. */
async function pickInPreview() {
  const frame = (await screen.findByTitle('Version 2')) as HTMLIFrameElement;
  vi.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(() => {});
  fireEvent.click(screen.getByRole('button', { name: 'Pick an element' }));
  act(() =>
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { type: 'tandem:picked', element: picked },
        source: frame.contentWindow,
      }),
    ),
  );
}

const chip = () => screen.queryByText('Element: <h1> Welcome');

beforeEach(() => {
  getSession().setToken('session-token');
  vi.spyOn(console, 'info').mockImplementation(() => {});
});

afterEach(() => {
  disconnectRealtime();
  getSession().reset();
  setScreenWidth(null);
  focusManager.setFocused(undefined);
  vi.restoreAllMocks();
});

describe('element chat on the chat page', () => {
  it('puts the picked element in the composer as a chip, and sends it after the words, then clears it', async () => {
    const api = serve();
    await openSiteChat();
    await pickInPreview();
    expect(chip()).toBeTruthy();
    const box = screen.getByRole('textbox', { name: 'Message' });
    expect(box.getAttribute('placeholder')).toBe('Say how to change this element');
    expect(document.activeElement).toBe(box);
    fireEvent.change(box, { target: { value: 'Make it blue' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(api.bodiesOf(CHAT_API.sendMessage)).toHaveLength(1));
    expect(api.bodiesOf(CHAT_API.sendMessage)[0]).toEqual({
      conversation_id: 'conv-1',
      content: [
        'Make it blue',
        '',
        '---',
        'Change this element of version 2 and keep the rest of the page as it is:',
        '- Selector: #main > h1',
        '- Tag: h1',
        '- Text: Welcome',
        '```html',
        '<h1 class="title">Welcome</h1>',
        '```',
      ].join('\n'),
    });
    await waitFor(() => expect(chip()).toBeNull());
  });

  it('sends the words alone once the chip is removed', async () => {
    const api = serve();
    await openSiteChat();
    await pickInPreview();
    fireEvent.click(screen.getByRole('button', { name: 'Remove the picked element' }));
    expect(chip()).toBeNull();
    const box = screen.getByRole('textbox', { name: 'Message' });
    expect(document.activeElement).toBe(box);
    fireEvent.change(box, { target: { value: 'Hello' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() =>
      expect(api.bodiesOf(CHAT_API.sendMessage)).toEqual([{ conversation_id: 'conv-1', content: 'Hello' }]),
    );
  });
});

describe('the web preview on a phone', () => {
  it('opens over the conversation from its header, full width, and goes back; a pick goes back to the chip', async () => {
    setScreenWidth(390);
    serve();
    await openSiteChat();
    const open = await screen.findByRole('button', { name: 'Show the web preview' });
    // Not squeezed beside the conversation: the panel waits for the button.
    expect(screen.queryByRole('complementary', { name: 'Web preview' })).toBeNull();
    fireEvent.click(open);
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('complementary', { name: 'Web preview' })).toBeTruthy();
    expect(
      drawer.closest('.ant-drawer')?.querySelector('.ant-drawer-content-wrapper')?.getAttribute('style'),
    ).toContain('width: 100%');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Back to the conversation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(open);
    await screen.findByRole('dialog');
    await pickInPreview();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(chip()).toBeTruthy();
  });
});

describe("a site version's status in every open tab", () => {
  it("shows a version made and built elsewhere as its publications arrive, and nothing of another conversation's", async () => {
    // A tab in the background: the poll of a building version reads nothing, so only the channel can.
    focusManager.setFocused(false);
    const versions: Record<string, SiteVersion[]> = {
      'conv-1': [versionOf(2, 'ready')],
      'conv-2': [versionOf(1, 'ready')],
    };
    const api = serve({ conversations: [page, otherPage], versionsOf: (id) => versions[id] ?? [] });
    const readsOf = (id: string) =>
      api.paramsOf(CHAT_SITES_API.siteVersions).filter((params) => params.conversation_id === id).length;
    const publish = (id: string, version: number, status: SiteVersion['status']) =>
      hub.publish(`chat:${id}`, {
        type: 'site_version',
        version,
        status,
        message_id: version * 10,
        errors: [],
      });
    /** The version the panel shows, and its status. */
    const shown = () => {
      const label = screen
        .queryByRole('complementary', { name: 'Web preview' })
        ?.querySelector('.site-panel__version');
      return label && [label.firstChild?.textContent, label.querySelector('.ant-tag')?.textContent];
    };
    // Flower shop, open first, is left for Coffee shop: its channel goes with it.
    const hub = await openSiteChat('conv-2');
    expect(await screen.findByTitle('Version 1')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Coffee shop' }));
    expect(await screen.findByTitle('Version 2')).toBeTruthy();
    await waitFor(() => expect(hub.channels()).toEqual(['personal:#7', 'chat:conv-1']));
    const readsBefore = { 'conv-1': readsOf('conv-1'), 'conv-2': readsOf('conv-2') };

    versions['conv-2'] = [versionOf(2, 'building'), ...versions['conv-2']!];
    publish('conv-2', 2, 'building');
    // A reply in another tab makes version 3, then its build ends.
    versions['conv-1'] = [versionOf(3, 'building'), ...versions['conv-1']!];
    publish('conv-1', 3, 'building');
    await waitFor(() => expect(shown()).toEqual(['Version 3', 'Building']));
    versions['conv-1'] = [versionOf(3, 'ready'), ...versions['conv-1']!.slice(1)];
    publish('conv-1', 3, 'ready');
    await waitFor(() => expect(shown()).toEqual(['Version 3', 'Ready']));
    expect(screen.getByTitle('Version 3').getAttribute('src')).toBe(PREVIEW.replace('.2.', '.3.'));
    // One read for each publication of the open conversation's, none for the other's.
    expect(readsOf('conv-1')).toBe(readsBefore['conv-1'] + 2);
    expect(readsOf('conv-2')).toBe(readsBefore['conv-2']);
  });
});

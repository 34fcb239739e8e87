import '../../../test/dom-setup.ts';
import { CHAT_SITES_API, type SiteVersion } from '@tandem/contract/chat-sites';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '../../../shared/session/session-store.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { SitePanel } from './site-panel.tsx';

const PREVIEW = 'http://localhost:3001/p/conv-1.2.999.sig/';

const versionOf = (version: number, values: Partial<SiteVersion>): SiteVersion => ({
  version,
  status: 'ready',
  created_at: '2026-11-25T10:00:00.000Z',
  message_id: version * 10,
  errors: [],
  preview_url: null,
  shared: false,
  share_url: null,
  ...values,
});

function serve(versions: SiteVersion[]) {
  return fakeApi({
    [CHAT_SITES_API.downloadSite]: () => ({ data: null }),
    [CHAT_SITES_API.fixSite]: () => ({
      data: {
        conversation_id: 'conv-1',
        title: 'A page',
        user_message_id: 11,
        assistant_message_id: 12,
        channel: 'chat:conv-1',
        points: 3,
      },
    }),
    [CHAT_SITES_API.siteVersions]: () => ({ data: { data: versions, total: versions.length } }),
    [CHAT_SITES_API.siteFiles]: () => ({
      data: {
        files: [
          { path: 'src/App.tsx', content: 'export default function App() {}\n' },
          { path: 'src/main.tsx', content: "import App from './App';\n" },
        ],
      },
    }),
  });
}

beforeEach(() => getSession().setToken('session-token'));
afterEach(() => getSession().reset());

describe('the web preview beside a conversation', () => {
  it("shows the newest version's page in a frame that may run scripts only, at desktop or mobile width", async () => {
    const api = serve([versionOf(2, { preview_url: PREVIEW }), versionOf(1, { status: 'fail' })]);
    await renderPage(<SitePanel conversationId="conv-1" />);
    const frame = await screen.findByTitle('Version 2');
    expect(frame.getAttribute('src')).toBe(PREVIEW);
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
    expect(screen.getByRole('link', { name: /Open in a new tab/ }).getAttribute('href')).toBe(PREVIEW);
    fireEvent.click(screen.getByText('Mobile'));
    expect(frame.parentElement?.className).toContain('is-mobile');
    fireEvent.click(screen.getByRole('button', { name: /Download as zip/ }));
    await waitFor(() =>
      expect(
        api
          .paramsOf(CHAT_SITES_API.downloadSite)
          .map((params) => [params.conversation_id, String(params.version)]),
      ).toEqual([['conv-1', '2']]),
    );
  });

  it("shows a failed version's build errors where they are, and sends them to the agent to fix", async () => {
    const api = serve([
      versionOf(1, {
        status: 'fail',
        errors: [{ file: 'src/App.tsx', line: 2, column: 20, text: 'Expected ">" but found ";"' }],
      }),
    ]);
    await renderPage(<SitePanel conversationId="conv-1" />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Web build error')).toBeTruthy();
    expect(within(alert).getByText('src/App.tsx, line 2, column 20')).toBeTruthy();
    expect(within(alert).getByText(/Expected ">" but found ";"/)).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Fix' }));
    await waitFor(() =>
      expect(api.bodiesOf(CHAT_SITES_API.fixSite)).toEqual([{ conversation_id: 'conv-1', version: 1 }]),
    );
  });

  it("shows the version's code and file tree, the code highlighted by its language", async () => {
    serve([versionOf(1, { preview_url: PREVIEW })]);
    const { container } = await renderPage(<SitePanel conversationId="conv-1" />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Code' }));
    expect(await screen.findByText('App.tsx')).toBeTruthy();
    // src/App.tsx: TypeScript's keywords marked for the theme's colours once highlighting has loaded.
    await waitFor(() =>
      expect(
        [...container.querySelectorAll('.site-panel__source .hljs-keyword')].map((node) => node.textContent),
      ).toEqual(['export', 'default', 'function']),
    );
    fireEvent.click(screen.getByText('main.tsx'));
    await waitFor(() =>
      expect(container.querySelector('.site-panel__source code')?.textContent).toBe(
        "import App from './App';\n",
      ),
    );
    expect(container.querySelector('.site-panel__source .hljs-keyword')?.textContent).toBe('import');
  });

  it("says a version is building, through the spinner's current description (no deprecation warning)", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      serve([versionOf(1, { status: 'building' })]);
      await renderPage(<SitePanel conversationId="conv-1" />);
      await waitFor(() => expect(screen.getAllByText('Building')).toHaveLength(2)); // the tag and the spinner
      expect(errors.mock.calls.flat().join(' ')).not.toMatch(/deprecated/i);
    } finally {
      errors.mockRestore();
    }
  });

  it('shows nothing while the conversation has no version', async () => {
    serve([]);
    const { container } = await renderPage(<SitePanel conversationId="conv-1" />);
    expect(container.querySelector('.site-panel')).toBeNull();
  });
});

describe('picking an element of the preview (element chat)', () => {
  const picked = {
    tag: 'h1',
    text: 'Welcome',
    selector: '#main > h1',
    html: '<h1 class="title">Welcome</h1>',
  };

  /** The panel on a ready version 2, with its frame's window and what is posted to it. */
  async function pickable() {
    serve([versionOf(2, { preview_url: PREVIEW }), versionOf(1, { preview_url: PREVIEW })]);
    const onPickElement = vi.fn();
    await renderPage(<SitePanel conversationId="conv-1" onPickElement={onPickElement} />);
    const frame = (await screen.findByTitle('Version 2')) as HTMLIFrameElement;
    const frameWindow = frame.contentWindow!;
    const told = vi.spyOn(frameWindow, 'postMessage').mockImplementation(() => {});
    const toggle = screen.getByRole('button', { name: 'Pick an element' });
    const fromWindow = (source: Window, data: unknown) =>
      act(() => window.dispatchEvent(new MessageEvent('message', { data, source })));
    return { onPickElement, frameWindow, told, toggle, fromWindow };
  }

  it('tells the frame to start and stop picking from a pressed toggle', async () => {
    const { told, toggle } = await pickable();
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(told).toHaveBeenLastCalledWith({ type: 'tandem:pick-mode', active: true }, '*');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(told).toHaveBeenLastCalledWith({ type: 'tandem:pick-mode', active: false }, '*');
    // Escape in the app ends picking too.
    fireEvent.click(toggle);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(told).toHaveBeenLastCalledWith({ type: 'tandem:pick-mode', active: false }, '*');
  });

  it("takes the picked element from its own frame only, in the contract's shape, and stops picking", async () => {
    const { onPickElement, frameWindow, toggle, fromWindow } = await pickable();
    // Not asked for: a page cannot put an element in the composer by itself.
    fromWindow(frameWindow, { type: 'tandem:picked', element: picked });
    fireEvent.click(toggle);
    fromWindow(window, { type: 'tandem:picked', element: picked });
    fromWindow(frameWindow, { type: 'tandem:picked', element: { ...picked, html: 'x'.repeat(401) } });
    fromWindow(frameWindow, { type: 'tandem:picked', element: { tag: 'h1' } });
    fromWindow(frameWindow, 'tandem:picked');
    expect(onPickElement).not.toHaveBeenCalled();
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    fromWindow(frameWindow, { type: 'tandem:picked', element: picked });
    expect(onPickElement.mock.calls).toEqual([[{ ...picked, version: 2 }]]);
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
  });

  it('leaves picking when the page ends it (Escape in the frame)', async () => {
    const { onPickElement, frameWindow, toggle, fromWindow } = await pickable();
    fireEvent.click(toggle);
    fromWindow(frameWindow, { type: 'tandem:pick-ended' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(onPickElement).not.toHaveBeenCalled();
  });

  it('offers picking on a ready version only, and on the preview tab only', async () => {
    serve([versionOf(2, { status: 'fail' }), versionOf(1, { preview_url: PREVIEW })]);
    await renderPage(<SitePanel conversationId="conv-1" onPickElement={() => {}} />);
    await screen.findByRole('alert');
    expect(screen.queryByRole('button', { name: 'Pick an element' })).toBeNull();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Versions' }));
    fireEvent.click(await screen.findByText('Version 1', { selector: '.site-panel__version' }));
    expect(await screen.findByRole('button', { name: 'Pick an element' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Code' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Pick an element' })).toBeNull());
  });
});

import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import type { DocData } from '@tandem/contract/project';
import { documentExtensions } from '@tandem/editor/extensions';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Editor } from '@tiptap/core';
import Collaboration from '@tiptap/extension-collaboration';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import '../../../../test/dom-setup.ts';
import { renderPage } from '../../../../test/render-app.tsx';
import type { CollaborationSession } from '../collab/collaboration-session.ts';
import { type ConnectionFacts, DOCUMENT_FIELD, initialFacts } from '../collab/sync-status.ts';
import { DocumentEditor } from './document-editor.tsx';

// jsdom lays nothing out: ProseMirror asks ranges for boxes when it scrolls the cursor into view.
const box = () => new DOMRect(0, 0, 0, 0);
const boxes = () => [] as unknown as DOMRectList;
Object.assign(Range.prototype, { getBoundingClientRect: box, getClientRects: boxes });
Object.assign(Element.prototype, { getClientRects: boxes });
document.elementFromPoint = () => null;

const doc: DocData = {
  id: 7,
  uniq_code: 'd7',
  project_id: 3,
  project_uniq_code: 'p3',
  project_name: 'Harbour',
  name: 'Plan',
  html: '',
  markdown: '',
  updated_at: '2026-12-07T00:00:00Z',
  can_edit: true,
  share_code: null,
  your_name: 'Ada',
};

/**
 * A session whose provider never connects: the test says when this device's copy is loaded and when
 * the server's first sync arrives (with which content), as y-indexeddb and Hocuspocus would.
 */
class ControlledSession {
  readonly ydoc = new Y.Doc();
  readonly socket = new HocuspocusProviderWebsocket({ url: 'ws://127.0.0.1:9', autoConnect: false });
  readonly provider = new HocuspocusProvider({
    websocketProvider: this.socket,
    name: 'doc-7',
    document: this.ydoc,
  });
  htmlOf = () => '';
  setHtml = (_html: string) => {};
  private facts: ConnectionFacts = { ...initialFacts, socket: 'connecting' };
  private readonly listeners = new Set<() => void>();
  getFacts = () => this.facts;
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  update(next: Partial<ConnectionFacts>) {
    this.facts = { ...this.facts, ...next };
    for (const listener of [...this.listeners]) listener();
  }
  loadDeviceCopy() {
    this.update({
      isDeviceCopyLoaded: true,
      hasDeviceContent: this.ydoc.getXmlFragment(DOCUMENT_FIELD).length > 0,
    });
  }
  /** The server's state arrives (sync step 2), applied as the provider applies it. */
  serverSyncs(state: Uint8Array) {
    Y.applyUpdate(this.ydoc, state, this.provider);
    this.update({ socket: 'connected', isSynced: true, hasSyncedOnce: true });
  }
  destroy() {
    this.provider.destroy();
    this.socket.destroy();
  }
}

/** The document as the server holds it: written by someone else, a heading and a paragraph. */
function serverState(html: string) {
  const ydoc = new Y.Doc();
  const writer = new Editor({
    extensions: [
      ...documentExtensions({ collaborative: true }),
      Collaboration.configure({ document: ydoc, field: DOCUMENT_FIELD }),
    ],
  });
  writer.commands.setContent(html);
  writer.destroy();
  return { state: Y.encodeStateAsUpdate(ydoc) };
}

let session: ControlledSession | undefined;
afterEach(() => {
  session?.destroy();
  session = undefined;
});

async function openEditor() {
  session = new ControlledSession();
  await renderPage(
    <DocumentEditor
      doc={doc}
      session={session as unknown as CollaborationSession}
      user={{ id: 1, name: 'Ada', color: '#0958d9' }}
    />,
  );
  return { session, text: await screen.findByLabelText(DOCUMENT_TEXT) };
}

const DOCUMENT_TEXT = 'Document text';

const pressEnter = (text: HTMLElement) =>
  fireEvent.keyDown(text, { key: 'Enter', code: 'Enter', keyCode: 13 });

describe('a document just opened', () => {
  it('takes no keys before its content arrives, so they cannot be merged in beside it', async () => {
    const { session, text } = await openEditor();
    const server = serverState('<h1>Plan</h1><p>Tides turn twice a day.</p>');

    // Quick fingers, before anything is in: this device has no copy yet, the server has not answered.
    text.focus();
    pressEnter(text);
    pressEnter(text);
    expect(text.getAttribute('contenteditable')).toBe('false');
    // This device's copy is empty (never opened here): still nothing to type into.
    session.loadDeviceCopy();
    pressEnter(text);
    expect(text.getAttribute('contenteditable')).toBe('false');

    session.serverSyncs(server.state);
    await waitFor(() => expect(text.getAttribute('contenteditable')).toBe('true'));
    // The server's text, exactly: no empty lines of this device's interleaved before or after it.
    expect(text.innerHTML).toContain('Tides turn twice a day.');
    expect(session.ydoc.getXmlFragment(DOCUMENT_FIELD).toJSON()).toBe(
      serverDocFragment(server.state).toJSON(),
    );

    // From then on keys work: Enter after the paragraph adds one line, of this user's own.
    pressEnter(text);
    await waitFor(() => expect(session.ydoc.getXmlFragment(DOCUMENT_FIELD).length).toBe(3));
  });

  it('opens at once from the copy this device holds (as offline work goes on)', async () => {
    const { session, text } = await openEditor();
    Y.applyUpdate(session.ydoc, serverState('<p>Kept here.</p>').state);
    session.loadDeviceCopy();
    await waitFor(() => expect(text.getAttribute('contenteditable')).toBe('true'));
    expect(text.textContent).toBe('Kept here.');
  });

  it('lets a new document be written offline once the server cannot be reached', async () => {
    const { session, text } = await openEditor();
    session.loadDeviceCopy();
    expect(text.getAttribute('contenteditable')).toBe('false');
    session.update({ socket: 'disconnected' });
    await waitFor(() => expect(text.getAttribute('contenteditable')).toBe('true'));
  });
});

describe('an empty document', () => {
  it('shows its hint on the editor itself, over the whole width (a paragraph cut it to one line), until written in', async () => {
    const { session, text } = await openEditor();
    session.serverSyncs(serverState('<p></p>').state);
    await waitFor(() => expect(text.getAttribute('contenteditable')).toBe('true'));
    expect(text.classList.contains('doc-text--empty')).toBe(true);
    expect(text.getAttribute('data-placeholder')).toBe('Start writing; # and a space make a heading…');
    expect(text.querySelector('[data-placeholder]')).toBeNull();

    Y.applyUpdate(session.ydoc, serverState('<p>Tides</p>').state);
    await waitFor(() => expect(text.classList.contains('doc-text--empty')).toBe(false));
  });
});

function serverDocFragment(state: Uint8Array) {
  const ydoc = new Y.Doc();
  Y.applyUpdate(ydoc, state);
  return ydoc.getXmlFragment(DOCUMENT_FIELD);
}

describe('the server closing a document for a reason', () => {
  it('an update refused past the size limit: the editor says why and takes no more keys', async () => {
    const { session, text } = await openEditor();
    session.serverSyncs(serverState('<p>Long notes</p>').state);
    await waitFor(() => expect(text.getAttribute('contenteditable')).toBe('true'));
    session.update({ refusal: 'document_too_large' });
    expect(await screen.findByText(/A document may hold at most 16 MB/)).toBeTruthy();
    await waitFor(() => expect(text.getAttribute('contenteditable')).toBe('false'));
  });

  it('access taken away, or turned to reading only: no more typing, and the reason when it was removed', async () => {
    const { session, text } = await openEditor();
    session.serverSyncs(serverState('<p>Plan</p>').state);
    await waitFor(() => expect(text.getAttribute('contenteditable')).toBe('true'));
    session.update({ isReadOnly: true });
    await waitFor(() => expect(text.getAttribute('contenteditable')).toBe('false'));
    session.update({ refusal: 'document_access_revoked' });
    expect(await screen.findByText(/Your access to this document was removed/)).toBeTruthy();
  });
});

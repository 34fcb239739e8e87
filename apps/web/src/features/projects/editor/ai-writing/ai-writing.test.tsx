import { AI_WRITING_API } from '@tandem/contract/ai-writing';
import { documentExtensions } from '@tandem/editor/extensions';
import { fireEvent, screen, within } from '@testing-library/react';
import { Editor } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../../test/dom-setup.ts';
import { fakeApi } from '../../../../test/fake-api.ts';
import { renderPage } from '../../../../test/render-app.tsx';
import { useDocChatBridge } from '../doc-chat-bridge.ts';
import AiWriting from './ai-writing.tsx';

// jsdom lays nothing out: the menu's placement asks ranges for boxes it does not have.
const box = () => new DOMRect(0, 0, 0, 0);
const boxes = () => [] as unknown as DOMRectList;
Object.assign(Range.prototype, { getBoundingClientRect: box, getClientRects: boxes });

let editor: Editor | undefined;
afterEach(() => {
  vi.unstubAllGlobals();
  editor?.destroy();
  document.body.replaceChildren();
});

/** A read-only editor on the page with "Tides turn twice a day." selected. */
function readOnlyEditor() {
  const element = document.createElement('div');
  document.body.append(element);
  editor = new Editor({
    element,
    extensions: documentExtensions(),
    content: '<p>Before.</p><p>Tides turn twice a day.</p>',
    editable: false,
  });
  const { doc } = editor.state;
  editor.view.dispatch(
    editor.state.tr.setSelection(TextSelection.create(doc, 10, 10 + 'Tides turn twice a day.'.length)),
  );
  return editor;
}

describe('the AI menu over a selection', () => {
  it('gives a reader explain, summary, translate, quote and add to chat, but no rewrite', async () => {
    const reader = readOnlyEditor();
    await renderPage(<AiWriting editor={reader} docId={4} canEdit={false} />);
    const menu = await screen.findByRole('toolbar', { name: 'AI actions' });
    expect(within(menu).queryByRole('button', { name: /Rewrite/ })).toBeNull();
    for (const name of [/Explain/, /Summary/, /Translate/, /Quote/, /Add to chat/]) {
      expect(within(menu).getByRole('button', { name })).toBeTruthy();
    }

    fireEvent.click(within(menu).getByRole('button', { name: /Translate/ }));
    expect(
      within(menu)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['', 'Chinese', 'English', 'Japanese', 'Korean', 'French', 'German']);
    fireEvent.click(within(menu).getByRole('button', { name: 'Back' }));

    // Quote and add to chat hand the selection to the document's chat panel, which opens.
    fireEvent.click(within(menu).getByRole('button', { name: /Quote/ }));
    expect(useDocChatBridge.getState()).toMatchObject({
      open: true,
      pending: { kind: 'quote', text: 'Tides turn twice a day.' },
    });
    useDocChatBridge.getState().take();
    fireEvent.click(within(menu).getByRole('button', { name: /Add to chat/ }));
    expect(useDocChatBridge.getState().take()).toMatchObject({
      kind: 'add',
      text: 'Tides turn twice a day.',
    });
  });

  it('leaves while a result is shown, and comes back over the same selection when Escape closes it', async () => {
    fakeApi({
      [AI_WRITING_API.writingModel]: () => ({ data: { id: 1, name: 'Fast', points_per_request: 2 } }),
    });
    const answer = 'data: {"type":"done","content":"Tides follow the moon."}\n\n';
    const write = vi.fn(
      async () => new Response(answer, { headers: { 'content-type': 'text/event-stream' } }),
    );
    vi.stubGlobal('fetch', write);
    const reader = readOnlyEditor();
    await renderPage(<AiWriting editor={reader} docId={4} canEdit={false} />);

    fireEvent.click(
      within(await screen.findByRole('toolbar', { name: 'AI actions' })).getByRole('button', {
        name: /Explain/,
      }),
    );
    expect(await screen.findByText('Tides follow the moon.')).toBeTruthy();
    expect(write).toHaveBeenCalledWith(AI_WRITING_API.write, expect.objectContaining({ method: 'POST' }));
    expect(screen.queryByRole('toolbar', { name: 'AI actions' })).toBeNull();

    // Neither the selection nor the document changed: without the menu the reader would see a selection
    // with nothing to do on it.
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(await screen.findByRole('toolbar', { name: 'AI actions' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'AI result' })).toBeNull();
    expect(reader.state.selection).toMatchObject({ from: 10, to: 10 + 'Tides turn twice a day.'.length });
  });
});

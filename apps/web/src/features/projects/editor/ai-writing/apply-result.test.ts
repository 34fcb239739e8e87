import { documentExtensions } from '@tandem/editor/extensions';
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { applyResult } from './apply-result.ts';
import { clearPreviewAnchor, previewAnchorPlugin, previewRange, setPreviewAnchor } from './preview-anchor.ts';

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

const open = (html: string) => {
  editor = new Editor({ extensions: documentExtensions(), content: html });
  return editor;
};

/** The range of `text` in the document. */
function rangeOf(doc: Editor, text: string) {
  let found: { from: number; to: number } | undefined;
  doc.state.doc.descendants((node, pos) => {
    const at = node.isText ? node.text!.indexOf(text) : -1;
    if (!found && at >= 0) found = { from: pos + at, to: pos + at + text.length };
  });
  return found!;
}

describe('putting an AI result into the document', () => {
  it('accept replaces just the selection, a one-paragraph result flowing into the sentence', () => {
    const doc = open('<p>The launch slipped a week, sadly.</p><p>Next.</p>');
    applyResult(doc, rangeOf(doc, 'slipped a week'), 'was **delayed** by seven days', 'accept');
    expect(doc.getHTML()).toBe(
      '<p>The launch was <strong>delayed</strong> by seven days, sadly.</p><p>Next.</p>',
    );
  });

  it('insert below keeps the original and puts the result, Markdown as blocks, under its block', () => {
    const doc = open('<p>Tides turn twice a day.</p><p>Boats wait.</p>');
    applyResult(doc, rangeOf(doc, 'twice'), '## Why\n\n- the moon\n- the sun', 'insert_below');
    expect(doc.getHTML()).toBe(
      '<p>Tides turn twice a day.</p><h2>Why</h2><ul><li><p>the moon</p></li><li><p>the sun</p></li></ul><p>Boats wait.</p>',
    );
  });

  it('overwrite replaces the whole paragraph the selection is in', () => {
    const doc = open('<p>Keep this.</p><p>Support is ready.</p>');
    applyResult(doc, rangeOf(doc, 'ready'), 'Support stands by.', 'overwrite');
    expect(doc.getHTML()).toBe('<p>Keep this.</p><p>Support stands by.</p>');
  });

  it('keeps code blocks without a trailing empty line, and drops what the schema does not know', () => {
    const doc = open('<p>x</p>');
    applyResult(
      doc,
      { from: 1, to: 2 },
      '```js\nlet a = 1;\n```\n\n<script>alert(1)</script><img src=x onerror=alert(1)>',
      'overwrite',
    );
    expect(doc.getHTML()).toContain('<code class="language-js">let a = 1;</code>');
    expect(doc.getHTML()).not.toContain('script');
    expect(doc.getHTML()).not.toContain('onerror');
  });
});

describe('the preview anchor', () => {
  it('follows edits before the selection, and is gone once cleared', () => {
    const doc = open('<p>Alpha beta.</p>');
    doc.registerPlugin(previewAnchorPlugin(document.createElement('div')));
    setPreviewAnchor(doc, rangeOf(doc, 'beta'));
    doc.commands.insertContentAt(1, 'New ');
    const range = previewRange(doc)!;
    expect(doc.state.doc.textBetween(range.from, range.to)).toBe('beta');
    // The widget sits in this editor's view only, never in the document.
    expect(doc.view.dom.querySelector('.ai-writing-source')?.textContent).toBe('beta');
    expect(doc.getHTML()).toBe('<p>New Alpha beta.</p>');
    clearPreviewAnchor(doc);
    expect(previewRange(doc)).toBeNull();
  });
});

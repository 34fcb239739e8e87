import type { Editor } from '@tiptap/core';
import { DOMParser as PmDomParser, type Schema, Slice } from '@tiptap/pm/model';
import { marked } from 'marked';
import { type SourceRange, widgetPosition } from './preview-anchor.ts';

/**
 * Puts an AI result (Markdown) into the document as formatted content, the way the project's Markdown
 * import does (marked, then the document schema reads the HTML, dropping what it has no node for).
 */

/** marked ends a code block's text with a line break the editor would show as an empty last line. */
const markdownToHtml = (markdown: string) =>
  marked.parse(markdown, { async: false, gfm: true }).replace(/\n<\/code><\/pre>/g, '</code></pre>');

/** Parsed in an inert document: nothing in the result loads or runs. */
const bodyOf = (markdown: string) =>
  new DOMParser().parseFromString(markdownToHtml(markdown), 'text/html').body;

/** As a slice open at both ends: a one-paragraph result flows into the text around it. */
export const markdownSlice = (schema: Schema, markdown: string) =>
  PmDomParser.fromSchema(schema).parseSlice(bodyOf(markdown));

/** As whole blocks. */
export const markdownBlocks = (schema: Schema, markdown: string) =>
  new Slice(PmDomParser.fromSchema(schema).parse(bodyOf(markdown)).content, 0, 0);

export type ApplyHow = 'accept' | 'insert_below' | 'overwrite';

/**
 * - accept: the result replaces the selection;
 * - insert below: the result goes under the block the selection ends in (where the preview was),
 *   the original kept;
 * - overwrite: the result replaces the whole blocks (paragraphs, headings, list items' text) the
 *   selection touches.
 */
export function applyResult(editor: Editor, range: SourceRange, markdown: string, how: ApplyHow) {
  const { state } = editor;
  const { schema, doc } = state;
  const tr = state.tr;
  if (how === 'accept') {
    tr.replaceRange(range.from, range.to, markdownSlice(schema, markdown));
  } else if (how === 'insert_below') {
    const at = widgetPosition(doc, range);
    tr.replaceRange(at, at, markdownBlocks(schema, markdown));
  } else {
    const $from = doc.resolve(range.from);
    const $to = doc.resolve(range.to);
    const from = $from.depth >= 1 ? $from.before($from.depth) : range.from;
    const to = $to.depth >= 1 ? $to.after($to.depth) : range.to;
    tr.replaceRange(from, to, markdownBlocks(schema, markdown));
  }
  editor.view.dispatch(tr.scrollIntoView());
  editor.commands.focus();
}

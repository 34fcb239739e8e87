import { documentExtensions } from '@tandem/editor/extensions';
import { getSchema, type JSONContent } from '@tiptap/core';
import { generateHTML, generateJSON } from '@tiptap/html/server';
import { MarkdownManager } from '@tiptap/markdown';
import {
  prosemirrorJSONToYDoc,
  prosemirrorJSONToYXmlFragment,
  yXmlFragmentToProsemirrorJSON,
} from '@tiptap/y-tiptap';
import * as Y from 'yjs';
import { gfmMarked } from './markdown-tasks.ts';

/** The Yjs fragment Tiptap's Collaboration extension edits (its `field` option's default). */
export const COLLAB_FIELD = 'default';

const extensions = documentExtensions();
/** The ProseMirror schema of every document. */
export const documentSchema = getSchema(extensions);
const markdown = new MarkdownManager({ extensions });
const EMPTY: JSONContent = { type: 'doc', content: [{ type: 'paragraph' }] };

/** A Yjs document's content as ProseMirror JSON (what the browser editor shows). */
export function docToJson(doc: Y.Doc): JSONContent {
  const json = yXmlFragmentToProsemirrorJSON(doc.getXmlFragment(COLLAB_FIELD)) as JSONContent;
  return json.content?.length ? json : EMPTY;
}

export const jsonToHtml = (json: JSONContent) => generateHTML(json, extensions);

/** Markdown of the document; headings 7-9 stay HTML, which our Markdown import reads back. */
export const jsonToMarkdown = (json: JSONContent) => markdown.serialize(json).trim();

/**
 * HTML into the document schema: anything the schema has no node or mark for (scripts, event
 * handlers, styles, unknown tags) is dropped on the way, so imported HTML needs no other sanitiser.
 */
export const htmlToJson = (html: string) => generateJSON(html, extensions) as JSONContent;

/**
 * Markdown as the document schema. marked ends every code block's text with a line break, which the
 * editor would show (and Markdown export write back) as an empty last line: it is dropped.
 */
export const markdownToJson = (text: string) =>
  withoutCodeEndBreaks(htmlToJson(gfmMarked.parse(text, { async: false })));

function withoutCodeEndBreaks(node: JSONContent): JSONContent {
  if (node.type === 'codeBlock') {
    const last = node.content?.at(-1);
    if (last?.type !== 'text' || !last.text?.endsWith('\n')) return node;
    const text = last.text.slice(0, -1);
    const content = node.content!.slice(0, -1);
    return { ...node, content: text ? [...content, { ...last, text }] : content };
  }
  return node.content ? { ...node, content: node.content.map(withoutCodeEndBreaks) } : node;
}

/** Plain text: one paragraph per line, blank lines kept as empty paragraphs. */
export function textToJson(text: string): JSONContent {
  const lines = text.replace(/\r\n?/g, '\n').replace(/\n+$/, '').split('\n');
  return {
    type: 'doc',
    content: lines.map((line) =>
      line ? { type: 'paragraph', content: [{ type: 'text', text: line }] } : { type: 'paragraph' },
    ),
  };
}

/** The Yjs state (`Y.encodeStateAsUpdate`) of a new document holding `json`. */
export const jsonToState = (json: JSONContent) =>
  Y.encodeStateAsUpdate(prosemirrorJSONToYDoc(documentSchema, json, COLLAB_FIELD));

/** Replaces the whole content of `doc` with `json`, in the caller's transaction. */
export function replaceContent(doc: Y.Doc, json: JSONContent) {
  // Checks the JSON against the schema first: an invalid node throws before anything is deleted.
  documentSchema.nodeFromJSON(json);
  const fragment = doc.getXmlFragment(COLLAB_FIELD);
  fragment.delete(0, fragment.length);
  prosemirrorJSONToYXmlFragment(documentSchema, json, fragment);
}

import { documentExtensions } from '@tandem/editor/extensions';
import { getSchema, type JSONContent } from '@tiptap/core';
import { MarkdownManager } from '@tiptap/markdown';
import { DOMParser, DOMSerializer, Fragment, type Node as PmNode } from '@tiptap/pm/model';
import {
  prosemirrorJSONToYDoc,
  prosemirrorJSONToYXmlFragment,
  yXmlFragmentToProsemirrorJSON,
} from '@tiptap/y-tiptap';
import { Window } from 'happy-dom';
import * as Y from 'yjs';
import { gfmMarked } from './markdown-tasks.ts';

/** The Yjs fragment Tiptap's Collaboration extension edits (its `field` option's default). */
export const COLLAB_FIELD = 'default';

const extensions = documentExtensions();
/** The ProseMirror schema of every document. */
export const documentSchema = getSchema(extensions);
const htmlParser = DOMParser.fromSchema(documentSchema);
const htmlSerializer = DOMSerializer.fromSchema(documentSchema);
type SerializeOptions = Required<NonNullable<Parameters<DOMSerializer['serializeFragment']>[1]>>;
type SerializeTarget = NonNullable<Parameters<DOMSerializer['serializeFragment']>[2]>;
const markdown = new MarkdownManager({ extensions });
const EMPTY: JSONContent = { type: 'doc', content: [{ type: 'paragraph' }] };

/** A Yjs document's content as ProseMirror JSON (what the browser editor shows). */
export function docToJson(doc: Y.Doc): JSONContent {
  const json = yXmlFragmentToProsemirrorJSON(doc.getXmlFragment(COLLAB_FIELD)) as JSONContent;
  return json.content?.length ? json : EMPTY;
}

/**
 * The document as HTML: generateHTML's steps, a batch of top-level blocks at a time into a detached
 * element of one happy-dom window (the whole DOM of a 1 MB document took over 512 MB of a worker).
 */
export function jsonToHtml(json: JSONContent): string {
  const blocks: PmNode[] = [];
  documentSchema.nodeFromJSON(withSafeUrls(json)).content.forEach((block) => {
    blocks.push(block);
  });
  const window = new Window({ settings: HTML_SETTINGS });
  const document = window.document as unknown as SerializeOptions['document'] & {
    createElement(name: string): SerializeTarget & { innerHTML: string };
  };
  try {
    let html = '';
    for (let start = 0; start < blocks.length; start += MARKDOWN_BATCH_BLOCKS) {
      const container = document.createElement('div');
      htmlSerializer.serializeFragment(
        Fragment.from(blocks.slice(start, start + MARKDOWN_BATCH_BLOCKS)),
        { document },
        container,
      );
      html += container.innerHTML;
    }
    return html;
  } finally {
    window.happyDOM.abort();
    void window.happyDOM.close();
  }
}

/**
 * Markdown of the document; headings 7-9 stay HTML, which our Markdown import reads back. Links,
 * pictures and attachments keep only safe addresses, and their texts cannot open raw HTML or a link.
 */
export const jsonToMarkdown = (json: JSONContent) =>
  markdown.serialize(withSafeUrls(json, escapeMarkdownLabel)).trim();

const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

/** An address without a scheme (relative) or with one of SAFE_SCHEMES; `javascript:`, `data:`… are not. */
export function isSafeUrl(url: unknown): boolean {
  if (typeof url !== 'string') return false;
  // Browsers ignore control characters and spaces inside a scheme ("java\tscript:").
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url.replace(/[\s\p{Cc}]/gu, ''));
  return !scheme || SAFE_SCHEMES.has(scheme[1]!.toLowerCase());
}

const escapeMarkdownLabel = (text: unknown) => String(text ?? '').replace(/[<>[\]\\]/g, '\\$&');

/**
 * The content with what an editor could send over the socket but the HTML path would never let
 * through: links to unsafe addresses lose their link, pictures with one are dropped, attachments lose
 * their address. `label` rewrites pictures' and attachments' texts (Markdown escapes them).
 */
function withSafeUrls(node: JSONContent, label?: (text: unknown) => string): JSONContent {
  const attrs = node.attrs;
  let next: JSONContent = node;
  if (node.marks?.some((mark) => mark.type === 'link'))
    next = {
      ...next,
      marks: node.marks.filter((mark) => mark.type !== 'link' || isSafeUrl(mark.attrs?.href)),
    };
  if (node.type === 'image' && attrs)
    next = {
      ...next,
      attrs: {
        ...attrs,
        src: isSafeUrl(attrs.src) ? attrs.src : '',
        ...(label ? { alt: label(attrs.alt), title: attrs.title ? label(attrs.title) : attrs.title } : {}),
      },
    };
  if (node.type === 'attachment' && attrs)
    next = {
      ...next,
      attrs: {
        ...attrs,
        url: isSafeUrl(attrs.url) ? attrs.url : '',
        ...(label ? { name: label(attrs.name) } : {}),
      },
    };
  if (node.content) next = { ...next, content: node.content.map((child) => withSafeUrls(child, label)) };
  return next;
}

/**
 * HTML into the document schema: anything the schema has no node or mark for (scripts, event
 * handlers, styles, unknown tags) is dropped on the way, so imported HTML needs no other sanitiser.
 */
export function htmlToJson(html: string): JSONContent {
  return withHtmlParser((parse) => parse(html));
}

/**
 * Runs `work` with a parser of HTML into the document schema: generateJSON's steps with the schema built
 * once, in one happy-dom window, each HTML parsed into a detached element. Documents made by the
 * window's DOMParser stay with the window until it is closed (asynchronously): a long Markdown file's
 * batches piled up to 700 MB for 1 MB of Markdown; a detached element is dropped once parsed.
 */
function withHtmlParser<T>(work: (parse: (html: string) => JSONContent) => T): T {
  const window = new Window({ settings: HTML_SETTINGS });
  try {
    return work((html) => {
      const container = window.document.createElement('div');
      container.innerHTML = html;
      return htmlParser.parse(container as unknown as globalThis.Node).toJSON() as JSONContent;
    });
  } finally {
    window.happyDOM.abort();
    void window.happyDOM.close();
  }
}

const HTML_SETTINGS = {
  disableJavaScriptEvaluation: true,
  disableJavaScriptFileLoading: true,
  disableCSSFileLoading: true,
  disableIframePageLoading: true,
  disableComputedStyleRendering: true,
};

/**
 * Markdown as the document schema. marked ends every code block's text with a line break, which the
 * editor would show (and Markdown export write back) as an empty last line: it is dropped.
 */
export function markdownToJson(text: string): JSONContent {
  const tokens = gfmMarked.lexer(text);
  const content: JSONContent[] = [];
  // Top-level blocks are parsed a batch at a time: the HTML parser's DOM of a whole long file takes
  // gigabytes (about 2 GB per MB of Markdown), a batch's a few MB, dropped before the next.
  withHtmlParser((parse) => {
    for (let start = 0; start < tokens.length; start += MARKDOWN_BATCH_BLOCKS) {
      const batch = Object.assign(tokens.slice(start, start + MARKDOWN_BATCH_BLOCKS), {
        links: tokens.links,
      });
      content.push(...(parse(gfmMarked.parser(batch)).content ?? []));
    }
  });
  return withoutCodeEndBreaks({ type: 'doc', content: content.length ? content : EMPTY.content });
}

/** Top-level Markdown blocks (paragraphs, lists, tables…) turned into the document schema at once. */
const MARKDOWN_BATCH_BLOCKS = 200;

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

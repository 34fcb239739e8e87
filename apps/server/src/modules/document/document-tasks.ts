import { DOCUMENT_MAX_BYTES } from '@tandem/contract/project-rules';
import type { JSONContent } from '@tiptap/core';
import * as Y from 'yjs';
import { AppError } from '../../platform/http/app-error.ts';
import {
  docToJson,
  htmlToJson,
  jsonToHtml,
  jsonToMarkdown,
  jsonToState,
  markdownToJson,
  replaceContent,
} from './document-content.ts';
import { type PendingImage, readImportedFile } from './import-content.ts';

const docOf = (state: Uint8Array) => {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, state);
  return doc;
};

/** A new document's state, refused (2240) past the document size limit. */
function withinLimit(state: Uint8Array) {
  if (state.byteLength > DOCUMENT_MAX_BYTES) throw new AppError('DOCUMENT_TOO_LARGE');
  return state;
}

/**
 * The document work that runs in the worker pool (`platform/workers`), off the event loop: parsing
 * imported files and saved content, and rendering a document's state as HTML and Markdown.
 * Inputs and results are plain data (Yjs states as bytes), copied between threads.
 */
export const documentTasks = {
  /** An imported file as a document's state, or a DOCX's HTML and pictures (uploaded by the server). */
  'document.import': async ({
    bytes,
    fileName,
  }: {
    bytes: Uint8Array;
    fileName: string;
  }): Promise<{ state: Uint8Array } | { html: string; images: PendingImage[] }> => {
    const content = await readImportedFile(Buffer.from(bytes), fileName);
    if ('json' in content) return { state: withinLimit(jsonToState(content.json)) };
    return {
      html: content.html,
      images: content.images,
    };
  },

  /** HTML of the document schema (a DOCX with its pictures uploaded) as a new document's state. */
  'document.htmlState': ({ html }: { html: string }) => ({
    state: withinLimit(jsonToState(htmlToJson(html))),
  }),

  'document.render': ({ state }: { state: Uint8Array }) => {
    const json = docToJson(docOf(state));
    return { html: jsonToHtml(json), markdown: jsonToMarkdown(json) };
  },

  'document.json': ({ state }: { state: Uint8Array }): JSONContent => docToJson(docOf(state)),

  /**
   * The update that replaces the whole content of the document whose state is `state` with `content`:
   * the server applies it to the live document. Refused (2240) when the document would be past its limit.
   */
  'document.replace': ({
    state,
    format,
    content,
  }: {
    state: Uint8Array;
    format: 'html' | 'markdown';
    content: string;
  }) => {
    const json = format === 'html' ? htmlToJson(content) : markdownToJson(content);
    const doc = docOf(state);
    const before = Y.encodeStateVector(doc);
    doc.transact(() => replaceContent(doc, json));
    if (Y.encodeStateAsUpdate(doc).byteLength > DOCUMENT_MAX_BYTES) throw new AppError('DOCUMENT_TOO_LARGE');
    return { update: Y.encodeStateAsUpdate(doc, before) };
  },
};

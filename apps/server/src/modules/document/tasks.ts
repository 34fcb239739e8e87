import type { Locale } from '@tandem/contract/i18n';
import { DOCUMENT_MAX_BYTES } from '@tandem/contract/project-rules';
import type { JSONContent } from '@tiptap/core';
import { zipSync } from 'fflate';
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
import { renderDocx } from './export-docx.ts';
import { renderDocumentPdf } from './export-pdf.ts';
import { type PendingImage, readImportedFile } from './import-content.ts';

const docOf = (state: Uint8Array) => {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, state);
  return doc;
};

/** Markdown past this is sampled before it is parsed whole (below it parsing takes a second or two). */
const SAMPLED_FROM_BYTES = 2 * 1024 * 1024;
const SAMPLE_BYTES = 128 * 1024;
/** How far past the limit a sample's estimate must be to refuse at once: documents are not uniform. */
const ESTIMATE_MARGIN = 1.25;

/**
 * Refuses (2240) Markdown whose document would clearly be past the limit, estimated from its first
 * 128 KB, before spending a minute of a worker on it (12 MB of formatted paragraphs is about 55 MB of
 * Yjs state). Anything not clearly past it is parsed whole and checked exactly.
 */
export function refuseClearlyTooLarge(markdown: string) {
  const bytes = Buffer.byteLength(markdown);
  if (bytes < SAMPLED_FROM_BYTES) return;
  const cut = markdown.indexOf('\n\n', SAMPLE_BYTES);
  const sample = cut === -1 ? markdown : markdown.slice(0, cut);
  const stateBytes = jsonToState(markdownToJson(sample)).byteLength;
  const estimate = (stateBytes / Buffer.byteLength(sample)) * bytes;
  if (estimate > DOCUMENT_MAX_BYTES * ESTIMATE_MARGIN) throw new AppError('DOCUMENT_TOO_LARGE');
}

/** A new document's state, refused (2240) past the document size limit. */
function withinLimit(state: Uint8Array) {
  if (state.byteLength > DOCUMENT_MAX_BYTES) throw new AppError('DOCUMENT_TOO_LARGE');
  return state;
}

/** For the other modules' worker tasks (the knowledge indexer reads a document's content as JSON). */
export { docToJson };

/**
 * The document work that runs in the worker pool (`platform/workers`), off the event loop: parsing
 * imported files and saved content, and rendering a document's state as HTML, Markdown, PDF and DOCX.
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
    const content = await readImportedFile(Buffer.from(bytes), fileName, refuseClearlyTooLarge);
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

  'document.markdown': ({ json }: { json: JSONContent }) => jsonToMarkdown(json),

  'document.html': ({ json }: { json: JSONContent }) => jsonToHtml(json),

  /** A document as a PDF, its pictures (bytes by `src`, read by the server) drawn in place. */
  'document.pdf': ({
    names,
    json,
    locale,
    pictures,
  }: {
    names: { title: string; heading?: string };
    json: JSONContent;
    locale: Locale;
    pictures: Record<string, Uint8Array>;
  }) => renderDocumentPdf(names, json, locale, new Map(Object.entries(pictures))),

  /** A document as a .docx file, its pictures (bytes by `src`, read by the server) embedded. */
  'document.docx': ({
    title,
    json,
    pictures,
  }: {
    title: string;
    json: JSONContent;
    pictures: Record<string, Uint8Array>;
  }) => renderDocx(title, json, async (src) => (pictures[src] ? Buffer.from(pictures[src]) : undefined)),

  /** Exported files as one zip, compressed here rather than on the server's event loop. */
  'document.zip': ({ entries }: { entries: Record<string, Uint8Array> }) => zipSync(entries),

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
    if (format === 'markdown') refuseClearlyTooLarge(content);
    const json = format === 'html' ? htmlToJson(content) : markdownToJson(content);
    const doc = docOf(state);
    const before = Y.encodeStateVector(doc);
    doc.transact(() => replaceContent(doc, json));
    if (Y.encodeStateAsUpdate(doc).byteLength > DOCUMENT_MAX_BYTES) throw new AppError('DOCUMENT_TOO_LARGE');
    return { update: Y.encodeStateAsUpdate(doc, before) };
  },
};

import { createHash } from 'node:crypto';
import * as Y from 'yjs';
import { docToJson, jsonToHtml, jsonToMarkdown } from './document-content.ts';

type Rendered = { key: string; html: string; markdown: string };

/** Characters of HTML and Markdown kept at most (about 64 MB of strings), least recently read dropped first. */
const MAX_CHARS = 32 * 1024 * 1024;
const cache = new Map<number, Rendered>();
let cachedChars = 0;
const sizeOf = (entry: Rendered) => entry.html.length + entry.markdown.length;

/**
 * A document's HTML and Markdown, rendered again only when its state changed: rendering a long
 * document takes about a second (happy-dom), hashing its state a few milliseconds.
 */
export function renderedContent(documentId: number, doc: Y.Doc): { html: string; markdown: string } {
  const key = createHash('sha256').update(Y.encodeStateAsUpdate(doc)).digest('base64');
  const hit = cache.get(documentId);
  if (hit) {
    cache.delete(documentId);
    cachedChars -= sizeOf(hit);
  }
  const entry = hit?.key === key ? hit : { key, ...render(doc) };
  cache.set(documentId, entry);
  cachedChars += sizeOf(entry);
  for (const [id, oldest] of cache) {
    if (cachedChars <= MAX_CHARS || id === documentId) break;
    cache.delete(id);
    cachedChars -= sizeOf(oldest);
  }
  return entry;
}

function render(doc: Y.Doc) {
  const json = docToJson(doc);
  return { html: jsonToHtml(json), markdown: jsonToMarkdown(json) };
}

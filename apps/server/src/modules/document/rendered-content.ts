import { createHash } from 'node:crypto';
import * as Y from 'yjs';
import { runHeavy } from '../../platform/workers/index.ts';

type Rendered = { html: string; markdown: string };
type Entry = Rendered & { key: string };

/** Characters of HTML and Markdown kept at most (about 64 MB of strings), least recently read dropped first. */
const MAX_CHARS = 32 * 1024 * 1024;
const cache = new Map<number, Entry>();
/** Renders under way, by document and key: readers of the same state wait for one render. */
const pending = new Map<string, Promise<Rendered>>();
let cachedChars = 0;
const sizeOf = (entry: Rendered) => entry.html.length + entry.markdown.length;

/**
 * What identifies a document's content: for a live copy its snapshot (state vector and deletions; a
 * deletion adds no clock to the state vector), a few milliseconds even for a long document; for a
 * stored state the hash of its bytes.
 */
function keyOf(source: Y.Doc | Uint8Array) {
  const bytes = source instanceof Y.Doc ? Y.encodeSnapshot(Y.snapshot(source)) : source;
  return `${source instanceof Y.Doc ? 'live' : 'stored'}:${createHash('sha256').update(bytes).digest('base64')}`;
}

/**
 * A document's HTML and Markdown, rendered again only when its content changed (anonymous share-link
 * reads of a long document hit the cache), and rendered in the worker pool, queued behind `team`'s own
 * work: rendering a long document takes seconds of the HTML parser (happy-dom).
 */
export async function renderedContent(
  team: number,
  documentId: number,
  source: Y.Doc | Uint8Array | undefined,
): Promise<Rendered> {
  if (source === undefined) source = new Uint8Array([0, 0]);
  const key = keyOf(source);
  const hit = cache.get(documentId);
  if (hit?.key === key) {
    cache.delete(documentId);
    cache.set(documentId, hit);
    return hit;
  }
  const pendingKey = `${documentId}:${key}`;
  let render = pending.get(pendingKey);
  if (!render) {
    const state = source instanceof Y.Doc ? Y.encodeStateAsUpdate(source) : source;
    render = runHeavy(team, 'document.render', { state }).finally(() => pending.delete(pendingKey));
    pending.set(pendingKey, render);
  }
  const rendered = await render;
  remember(documentId, { key, ...rendered });
  return rendered;
}

function remember(documentId: number, entry: Entry) {
  const previous = cache.get(documentId);
  if (previous) {
    cache.delete(documentId);
    cachedChars -= sizeOf(previous);
  }
  cache.set(documentId, entry);
  cachedChars += sizeOf(entry);
  for (const [id, oldest] of cache) {
    if (cachedChars <= MAX_CHARS || id === documentId) break;
    cache.delete(id);
    cachedChars -= sizeOf(oldest);
  }
}

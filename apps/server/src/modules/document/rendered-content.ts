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
 * A document's content as stored, named by `version` (`storedVersion`: a small read that changes with
 * every store or logged update), its bytes loaded only when that version is not rendered yet.
 */
export type StoredContent = { version: string; load: () => Promise<Uint8Array | undefined> };

/**
 * What identifies a document's content: for a live copy its snapshot (state vector and deletions; a
 * deletion adds no clock to the state vector), a few milliseconds even for a long document; for stored
 * content its version.
 */
function keyOf(source: Y.Doc | StoredContent) {
  if (!(source instanceof Y.Doc)) return `stored:${source.version}`;
  const snapshot = Y.encodeSnapshot(Y.snapshot(source));
  return `live:${createHash('sha256').update(snapshot).digest('base64')}`;
}

/** The state to render: an empty document's when nothing is stored yet. */
async function stateOf(source: Y.Doc | StoredContent) {
  if (source instanceof Y.Doc) return Y.encodeStateAsUpdate(source);
  return (await source.load()) ?? new Uint8Array([0, 0]);
}

/**
 * A document's HTML and Markdown, rendered again only when its content changed (anonymous share-link
 * reads of a long document hit the cache), and rendered in the worker pool, queued behind `team`'s own
 * work: rendering a long document takes seconds of the HTML parser (happy-dom). Stored content is
 * loaded (its update log replayed) only when its version is not the one rendered last.
 */
export async function renderedContent(
  team: number,
  documentId: number,
  source: Y.Doc | StoredContent,
): Promise<Rendered> {
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
    render = stateOf(source)
      .then((state) => runHeavy(team, 'document.render', { state }))
      .finally(() => pending.delete(pendingKey));
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

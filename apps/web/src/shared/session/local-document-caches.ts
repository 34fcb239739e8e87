import { LOCAL_DOC_CACHE_EXPIRY_MS } from '@tandem/contract/limits';

/**
 * The editor keeps every open document in an IndexedDB database of its own (y-indexeddb), one per user
 * and document. This registry, a small database beside them, remembers when each was last used and
 * whether it holds edits the server never received, so sign-in can purge old caches, sign-out can drop
 * them all and the editor can offer to restore unsynced edits. No editor code here: the sign-in page
 * imports it.
 */
export const DOC_CACHE_PREFIX = 'tandem-doc:';
const REGISTRY_DB = 'tandem-doc-caches';
const STORE = 'caches';

export type DocumentCacheEntry = {
  /** The y-indexeddb database's name. */
  name: string;
  usedAt: number;
  /** When the first edit the server has not confirmed was made; null once everything reached it. */
  unsyncedSince: number | null;
};

export const documentCacheName = (userId: number, docId: number) => `${DOC_CACHE_PREFIX}${userId}:${docId}`;

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

function openRegistry(): Promise<IDBDatabase> {
  const request = indexedDB.open(REGISTRY_DB, 1);
  request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'name' });
  return done(request);
}

async function withStore<T>(mode: IDBTransactionMode, use: (store: IDBObjectStore) => IDBRequest<T>) {
  const db = await openRegistry();
  try {
    return await done(use(db.transaction(STORE, mode).objectStore(STORE)));
  } finally {
    db.close();
  }
}

const hasIndexedDb = () => typeof indexedDB !== 'undefined';

export async function readDocumentCache(name: string): Promise<DocumentCacheEntry | undefined> {
  if (!hasIndexedDb()) return undefined;
  return withStore<DocumentCacheEntry | undefined>('readonly', (store) => store.get(name));
}

/** Records a use of the cache, and (when given) whether it now holds edits the server has not confirmed. */
export async function touchDocumentCache(name: string, unsynced?: boolean, now = Date.now()) {
  if (!hasIndexedDb()) return;
  const previous = await readDocumentCache(name);
  const unsyncedSince =
    unsynced === undefined
      ? (previous?.unsyncedSince ?? null)
      : unsynced
        ? (previous?.unsyncedSince ?? now)
        : null;
  await withStore('readwrite', (store) => store.put({ name, usedAt: now, unsyncedSince }));
}

async function deleteDatabase(name: string) {
  await done(indexedDB.deleteDatabase(name)).catch(() => undefined);
}

/** Drops one document's cache and its entry (the user abandoned its unsynced edits). */
export async function deleteDocumentCache(name: string) {
  if (!hasIndexedDb()) return;
  await deleteDatabase(name);
  await withStore('readwrite', (store) => store.delete(name));
}

/** Every cache database on this browser: the registry's, and any the registry lost track of. */
async function allCaches(): Promise<{ entries: DocumentCacheEntry[]; orphans: string[] }> {
  const entries = await withStore<DocumentCacheEntry[]>('readonly', (store) => store.getAll());
  const known = new Set(entries.map((entry) => entry.name));
  const listed = (await indexedDB.databases?.().catch(() => [])) ?? [];
  const orphans = listed
    .map((database) => database.name ?? '')
    .filter((name) => name.startsWith(DOC_CACHE_PREFIX) && !known.has(name));
  return { entries, orphans };
}

/** At sign-in: caches unused for longer than LOCAL_DOC_CACHE_EXPIRY_MS (spec: 24 hours) go. */
export async function purgeExpiredDocumentCaches(now = Date.now()) {
  if (!hasIndexedDb()) return;
  const { entries, orphans } = await allCaches();
  const expired = entries.filter((entry) => now - entry.usedAt > LOCAL_DOC_CACHE_EXPIRY_MS);
  for (const name of [...orphans, ...expired.map((entry) => entry.name)]) await deleteDocumentCache(name);
}

/** At sign-out: every document cache goes. */
export async function clearAllDocumentCaches() {
  if (!hasIndexedDb()) return;
  const { entries, orphans } = await allCaches();
  for (const name of [...orphans, ...entries.map((entry) => entry.name)]) await deleteDocumentCache(name);
}

/** Fire and forget from the session's hooks: a browser without IndexedDB has nothing to purge. */
export const runCacheChore = (chore: () => Promise<void>) => {
  chore().catch((error: unknown) => console.warn('[document cache]', error));
};

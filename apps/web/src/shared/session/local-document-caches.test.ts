import 'fake-indexeddb/auto';
import { LOCAL_DOC_CACHE_EXPIRY_MS } from '@tandem/contract/limits';
import { afterEach, describe, expect, it } from 'vitest';
import {
  clearAllDocumentCaches,
  deleteDocumentCache,
  documentCacheName,
  purgeExpiredDocumentCaches,
  readDocumentCache,
  touchDocumentCache,
} from './local-document-caches.ts';

const HOUR = 60 * 60 * 1000;

/** A y-indexeddb database with something in it, as the editor leaves one. */
function createCacheDatabase(name: string) {
  return new Promise<void>((resolve, reject) => {
    const request = indexedDB.open(name, 1);
    request.onupgradeneeded = () => request.result.createObjectStore('updates', { autoIncrement: true });
    request.onsuccess = () => {
      request.result.close();
      resolve();
    };
    request.onerror = () => reject(request.error);
  });
}

const databaseNames = async () => (await indexedDB.databases()).map((database) => database.name).sort();

afterEach(async () => {
  await clearAllDocumentCaches();
});

describe('local document caches', () => {
  it('remembers unsynced edits from the first one until the server has them all', async () => {
    const name = documentCacheName(7, 42);
    await touchDocumentCache(name, undefined, 1_000);
    expect((await readDocumentCache(name))?.unsyncedSince).toBeNull();
    await touchDocumentCache(name, true, 2_000);
    await touchDocumentCache(name, true, 3_000);
    expect(await readDocumentCache(name)).toEqual({ name, usedAt: 3_000, unsyncedSince: 2_000 });
    await touchDocumentCache(name, false, 4_000);
    expect((await readDocumentCache(name))?.unsyncedSince).toBeNull();
  });

  it('keeps a user’s caches apart per document and per user', () => {
    expect(documentCacheName(7, 42)).not.toBe(documentCacheName(8, 42));
    expect(documentCacheName(7, 42)).not.toBe(documentCacheName(7, 43));
  });

  it('purges at sign-in the caches unused for more than 24 hours, unsynced or not, and keeps the rest', async () => {
    const now = 10 * 24 * HOUR;
    const old = documentCacheName(1, 1);
    const oldUnsynced = documentCacheName(1, 2);
    const recent = documentCacheName(1, 3);
    for (const name of [old, oldUnsynced, recent]) await createCacheDatabase(name);
    await touchDocumentCache(old, false, now - LOCAL_DOC_CACHE_EXPIRY_MS - 1);
    await touchDocumentCache(oldUnsynced, true, now - 2 * LOCAL_DOC_CACHE_EXPIRY_MS);
    await touchDocumentCache(recent, true, now - 23 * HOUR);

    await purgeExpiredDocumentCaches(now);

    expect(await readDocumentCache(old)).toBeUndefined();
    expect(await readDocumentCache(oldUnsynced)).toBeUndefined();
    expect((await readDocumentCache(recent))?.unsyncedSince).toBe(now - 23 * HOUR);
    expect(await databaseNames()).toEqual(expect.arrayContaining([recent]));
    expect(await databaseNames()).not.toContain(old);
  });

  it('purges a cache database the registry does not know', async () => {
    const orphan = documentCacheName(3, 9);
    await createCacheDatabase(orphan);
    await purgeExpiredDocumentCaches();
    expect(await databaseNames()).not.toContain(orphan);
  });

  it('clears every cache at sign-out', async () => {
    const names = [documentCacheName(1, 1), documentCacheName(2, 5)];
    for (const name of names) {
      await createCacheDatabase(name);
      await touchDocumentCache(name, true);
    }
    await clearAllDocumentCaches();
    for (const name of names) expect(await readDocumentCache(name)).toBeUndefined();
    expect((await databaseNames()).filter((name) => name?.startsWith('tandem-doc:'))).toEqual([]);
  });

  it('abandons one document’s cache and leaves the others', async () => {
    const [kept, dropped] = [documentCacheName(1, 1), documentCacheName(1, 2)];
    for (const name of [kept, dropped]) {
      await createCacheDatabase(name);
      await touchDocumentCache(name, true);
    }
    await deleteDocumentCache(dropped);
    expect(await readDocumentCache(dropped)).toBeUndefined();
    expect(await readDocumentCache(kept)).toBeDefined();
  });
});

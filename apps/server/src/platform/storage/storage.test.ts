// No test database: it runs once, on PGlite, not again on PostgreSQL (vitest.config.ts).
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3TestServer, startS3Server } from '../../../test/s3-server.ts';
import { type ObjectStorage, StorageError } from './object-storage.ts';
import { createStorage } from './storage.ts';

const MiB = 1024 * 1024;

/** `count` MiB made one MiB at a time, so the writer never holds the whole file. */
function* mebibytes(count: number, failAfter = Number.POSITIVE_INFINITY) {
  for (let index = 0; index < count; index++) {
    if (index === failAfter) throw new Error('the client went away');
    yield Buffer.alloc(MiB, index % 251);
  }
}

async function sha256Of(stream: Readable) {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk);
  return hash.digest('hex');
}

const s3 = {} as { server: S3TestServer };
beforeAll(async () => {
  s3.server = await startS3Server();
});
afterAll(async () => {
  await s3.server?.stop();
});

/** The same behaviour is asked of both kinds: what passes on disk must pass on a bucket. */
describe.each(['local', 's3'] as const)('%s storage', (kind) => {
  const root = mkdtempSync(join(tmpdir(), 'tandem-storage-'));
  const context = {} as { storage: ObjectStorage };
  beforeAll(async () => {
    context.storage = await createStorage(
      kind === 'local' ? { kind, root } : { kind, ...s3.server.settings },
    );
  });
  afterAll(async () => {
    await context.storage?.close();
  });
  const prefix = `${kind}-${Date.now().toString(36)}`;

  it('says it can be used', async () => {
    await expect(context.storage.check()).resolves.toBeUndefined();
  });

  it('gives back what was put: the bytes, their length and their content type', async () => {
    const { storage } = context;
    const key = `${prefix}/notes.md`;
    await storage.put(key, Buffer.from('# Notes\n\n日本語'), 'text/markdown; charset=utf-8');
    const object = await storage.get(key);
    expect(object?.contentType).toBe('text/markdown; charset=utf-8');
    expect(object?.size).toBe(Buffer.byteLength('# Notes\n\n日本語'));
    expect((await buffer(object?.body as Readable)).toString()).toBe('# Notes\n\n日本語');
    const info = await storage.head(key);
    expect(info).toMatchObject({ size: object?.size, contentType: 'text/markdown; charset=utf-8' });
    expect(info?.etag).toBeTruthy();
  });

  it('answers nothing for a key never put, and deleting it is no error', async () => {
    const { storage } = context;
    expect(await storage.get(`${prefix}/never.png`)).toBeUndefined();
    expect(await storage.head(`${prefix}/never.png`)).toBeUndefined();
    await expect(storage.delete(`${prefix}/never.png`)).resolves.toBeUndefined();
  });

  it('deletes: the object is gone for get and head', async () => {
    const { storage } = context;
    const key = `${prefix}/gone/a.png`;
    await storage.put(key, Buffer.from([1, 2, 3]), 'image/png');
    expect(await storage.head(key)).toMatchObject({ size: 3, contentType: 'image/png' });
    await storage.delete(key);
    expect(await storage.get(key)).toBeUndefined();
    expect(await storage.head(key)).toBeUndefined();
  });

  it('takes a 12 MiB stream and gives it back whole', async () => {
    const { storage } = context;
    const key = `${prefix}/large.bin`;
    await storage.put(key, Readable.from(mebibytes(12)), 'application/octet-stream');
    const object = await storage.get(key);
    expect(object?.size).toBe(12 * MiB);
    expect(await sha256Of(object?.body as Readable)).toBe(await sha256Of(Readable.from(mebibytes(12))));
  });

  it('keeps nothing of a stream that fails part way', async () => {
    const { storage } = context;
    const key = `${prefix}/cut/half.bin`;
    // Past 5 MiB, so S3 has started a multipart upload that must be aborted.
    const failing = storage.put(key, Readable.from(mebibytes(8, 6)), 'application/octet-stream');
    await expect(failing).rejects.toBeInstanceOf(StorageError);
    expect(await storage.get(key)).toBeUndefined();
    if (kind === 'local') expect(readdirSync(join(root, prefix, 'cut'))).toEqual([]);
  });

  it('refuses a key that would leave its folder', async () => {
    await expect(context.storage.get('../secrets-key')).rejects.toThrow(/invalid storage key/);
    await expect(context.storage.put('uploads/.hidden', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      /invalid storage key/,
    );
  });
});

describe('a store that cannot be used', () => {
  it('fails with a StorageError, not as if the object were missing', async () => {
    const stopped = await startS3Server();
    await stopped.stop();
    const storage = await createStorage({ kind: 's3', ...stopped.settings });
    await expect(storage.check()).rejects.toBeInstanceOf(StorageError);
    await expect(storage.get('uploads/a.png')).rejects.toBeInstanceOf(StorageError);
    await expect(storage.put('uploads/a.png', Buffer.from('x'), 'image/png')).rejects.toBeInstanceOf(
      StorageError,
    );
    await storage.close();
  });

  it('a bucket that does not exist, or a wrong key, is an error and not a missing file', async () => {
    for (const settings of [
      { ...s3.server.settings, bucket: 'no-such-bucket' },
      { ...s3.server.settings, secretAccessKey: 'not-the-secret' },
    ]) {
      const storage = await createStorage({ kind: 's3', ...settings });
      await expect(storage.check()).rejects.toBeInstanceOf(StorageError);
      await expect(storage.get('uploads/a.png')).rejects.toBeInstanceOf(StorageError);
      await storage.close();
    }
  });
});

import type { Readable } from 'node:stream';

/** What a stored object is: its length in bytes, its content type and a validator that changes with it. */
export type ObjectInfo = { size: number; contentType: string; etag: string };
export type StoredObject = ObjectInfo & { body: Readable };

/**
 * Where uploaded bytes live: local disk by default, an S3-compatible bucket when configured, so any
 * number of nodes can serve them. A missing object is `undefined`; any other failure is a StorageError.
 */
export type ObjectStorage = {
  readonly kind: 'local' | 's3';
  /** The object appears whole or not at all: no half-written object is ever readable. */
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | undefined>;
  head(key: string): Promise<ObjectInfo | undefined>;
  /** Removing what is not there succeeds, as on S3. */
  delete(key: string): Promise<void>;
  /** Settles when the store can be used; otherwise a StorageError saying why (for the start-up log). */
  check(): Promise<void>;
  close(): Promise<void>;
};

/** The store failed (unreachable, refused, disk full): the caller answers 503 and the log keeps the cause. */
export class StorageError extends Error {
  constructor(operation: string, key: string, cause: unknown) {
    super(`storage ${operation} ${key} failed`, { cause });
    this.name = 'StorageError';
  }
}

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/** Keys are slash-separated names; a part starting with a dot (`..`, hidden files) is refused. */
const KEY = /^[\w-][\w.-]*(\/[\w-][\w.-]*)*$/;

export function checkedKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

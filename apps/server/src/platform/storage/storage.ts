import { createLocalStorage } from './local-storage.ts';
import type { ObjectStorage } from './object-storage.ts';
import { createS3Storage, type S3Settings } from './s3-storage.ts';

/** Local disk under DATA_DIR (the default), or one bucket of an S3-compatible server. */
export type StorageSettings = { kind: 'local'; root: string } | ({ kind: 's3' } & S3Settings);

export async function createStorage(settings: StorageSettings): Promise<ObjectStorage> {
  return settings.kind === 's3' ? await createS3Storage(settings) : createLocalStorage(settings.root);
}

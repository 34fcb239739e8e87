import type { Readable } from 'node:stream';
import {
  checkedKey,
  DEFAULT_CONTENT_TYPE,
  type ObjectInfo,
  type ObjectStorage,
  StorageError,
} from './object-storage.ts';

export type S3Settings = {
  /** Empty for AWS itself; the address of MinIO, Ceph, R2, Garage, ... otherwise. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key`, as most self-hosted servers want. */
  forcePathStyle: boolean;
};

/** GET answers NoSuchKey, HEAD (which has no body) a bare NotFound; a missing bucket stays an error. */
const isMissing = (error: unknown) => {
  const name = (error as { name?: string }).name;
  return name === 'NoSuchKey' || name === 'NotFound';
};

type ObjectHeaders = { ContentLength?: number; ContentType?: string; ETag?: string };
const infoOf = (output: ObjectHeaders): ObjectInfo => ({
  size: output.ContentLength ?? 0,
  contentType: output.ContentType ?? DEFAULT_CONTENT_TYPE,
  etag: output.ETag ?? '',
});

/** Objects in one bucket of an S3-compatible server, through the AWS SDK. */
export async function createS3Storage(settings: S3Settings): Promise<ObjectStorage> {
  // The SDK takes about 25 MB and a second to load: only a node that keeps its files on S3 pays that.
  const [{ DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client }, { Upload }] =
    await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
  const { bucket } = settings;
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // The SDK's default CRC checksums are refused by many S3-compatible servers; S3 itself needs none.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // An unreachable store should answer "unavailable" within seconds, not hold the request.
    requestHandler: { connectionTimeout: 5_000 },
  });

  async function attempt<T>(operation: string, key: string, run: () => Promise<T>): Promise<T | undefined> {
    try {
      return await run();
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw new StorageError(operation, key, error);
    }
  }

  const storage: ObjectStorage = {
    kind: 's3',

    async put(key, body, contentType) {
      const params = { Bucket: bucket, Key: checkedKey(key), Body: body, ContentType: contentType };
      try {
        // One PutObject for a small body, a multipart upload (aborted on failure) for a long stream.
        await new Upload({ client, params }).done();
      } catch (error) {
        throw new StorageError('put', key, error);
      }
    },

    async get(key) {
      const Key = checkedKey(key);
      return attempt('get', key, async () => {
        const output = await client.send(new GetObjectCommand({ Bucket: bucket, Key }));
        return { ...infoOf(output), body: output.Body as Readable };
      });
    },

    async head(key) {
      const Key = checkedKey(key);
      return attempt('head', key, async () =>
        infoOf(await client.send(new HeadObjectCommand({ Bucket: bucket, Key }))),
      );
    },

    async delete(key) {
      const Key = checkedKey(key);
      await attempt('delete', key, () => client.send(new DeleteObjectCommand({ Bucket: bucket, Key })));
    },

    async check() {
      // A GET tells a missing key (fine) from a missing bucket or a refused key, as HEAD cannot, and
      // stays inside the `uploads/` prefix a narrowly scoped key may be limited to.
      const object = await storage.get('uploads/storage-check');
      object?.body.destroy();
    },

    async close() {
      client.destroy();
    },
  };
  return storage;
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from '@20minutes/s3rver';
import type { S3Settings } from '../src/platform/storage/s3-storage.ts';

export type S3TestServer = {
  settings: S3Settings;
  /** The same bucket as the server's environment, for `useTestApp` overrides. */
  env: Record<string, string>;
  stop(): Promise<void>;
};

/** s3rver's fixed keys: it checks every request's signature against them, as S3 would. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

/** An S3-compatible server (s3rver, from npm) on 127.0.0.1 with one empty bucket, in a temporary folder. */
export async function startS3Server(bucket = 'tandem-test'): Promise<S3TestServer> {
  const directory = mkdtempSync(join(tmpdir(), 'tandem-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    settings: {
      endpoint,
      bucket,
      region: 'us-east-1',
      accessKeyId: ACCESS_KEY_ID,
      secretAccessKey: SECRET_ACCESS_KEY,
      forcePathStyle: true,
    },
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

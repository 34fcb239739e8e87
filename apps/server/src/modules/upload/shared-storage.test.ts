import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { eventually } from '../../../test/eventually.ts';
import { bearer, createUser, tinyPng } from '../../../test/factories.ts';
import { startS3Server } from '../../../test/s3-server.ts';
import { testConfig, useSecondApp, useTestApp } from '../../../test/test-app.ts';
import { type App, buildApp } from '../../app.ts';
import { createStorage } from '../../platform/storage/storage.ts';

// Registered first, so it stops after the apps that use it have closed.
const s3 = await startS3Server();
afterAll(() => s3.stop());

/** Two nodes on one database and one bucket, as behind a load balancer. */
const first = useTestApp(s3.env);
const second = useSecondApp(first, s3.env);
/** A node that keeps uploads on its own disk, as every node did before S3. */
const diskOnly = useSecondApp(first);
/** A node whose bucket cannot be reached. */
const unreachable = useSecondApp(first, { ...s3.env, S3_ENDPOINT: 'http://127.0.0.1:1' });

async function uploadAvatar(app: App, token: string) {
  const answer = await app.inject({
    method: 'POST',
    url: '/api/upload/upload_base64_img',
    headers: bearer(token),
    payload: { data: tinyPng().toString('base64'), fileExt: 'png', fileName: 'me.png' },
  });
  return { answer, file: answer.json().data?.file as string, id: answer.json().data?.id as string };
}

describe('uploads on S3', () => {
  it('an avatar uploaded through one node is served by the other, as it was sent', async () => {
    const { token } = await createUser(first.app);
    const { answer, file } = await uploadAvatar(first.app, token);
    expect(answer.statusCode, answer.body).toBe(200);

    const served = await second.app.inject({ method: 'GET', url: file });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-length']).toBe(String(tinyPng().length));
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(tinyPng())).toBe(true);

    const saved = await second.app.inject({
      method: 'POST',
      url: '/api/user/update-base-user-info',
      headers: bearer(token),
      payload: { avatar: file },
    });
    expect(saved.json().code).toBe(0);
  });

  it('HEAD answers the length and type from the bucket without downloading the object', async () => {
    const { token } = await createUser(first.app);
    const { file } = await uploadAvatar(first.app, token);
    const sent = vi.spyOn(S3Client.prototype, 'send');
    try {
      const head = await second.app.inject({ method: 'HEAD', url: file });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toBe('image/png');
      expect(head.headers['content-length']).toBe(String(tinyPng().length));
      expect(head.rawPayload.length).toBe(0);
      const commands = sent.mock.calls.map(([command]) => command);
      expect(commands.some((command) => command instanceof HeadObjectCommand)).toBe(true);
      expect(commands.some((command) => command instanceof GetObjectCommand)).toBe(false);
    } finally {
      sent.mockRestore();
    }
  });

  it('a file whose bytes are gone from the bucket answers 404 on every node', async () => {
    const { token } = await createUser(first.app);
    const { file, id } = await uploadAvatar(first.app, token);
    const bucket = await createStorage({ kind: 's3', ...s3.settings });
    await bucket.delete(`uploads/${id}`);
    await bucket.close();
    for (const app of [first.app, second.app]) {
      const served = await app.inject({ method: 'GET', url: file });
      expect(served.statusCode).toBe(404);
      expect(served.json().code).toBe(1002);
    }
  });

  it('a bucket that cannot be reached answers 503 (1009) with no detail, for uploads and reads', async () => {
    const { token } = await createUser(first.app);
    const { file } = await uploadAvatar(first.app, token);
    const upload = await uploadAvatar(unreachable.app, token);
    expect(upload.answer.statusCode).toBe(503);
    expect(upload.answer.json()).toMatchObject({ code: 1009, data: null });
    const served = await unreachable.app.inject({ method: 'GET', url: file });
    expect(served.statusCode).toBe(503);
    expect(served.json()).toMatchObject({ code: 1009, data: null });
    expect(served.body).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|at /);
  });

  it('a node whose bucket cannot be used says so in its log as it starts', async () => {
    const lines: string[] = [];
    const app = await buildApp({
      config: testConfig({ ...s3.env, S3_BUCKET: 'no-such-bucket' }),
      database: first.database,
      logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      await eventually(() => expect(lines.join('')).toContain('file storage cannot be used'), 20_000);
    } finally {
      await app.close();
    }
  });
});

describe('uploads on local disk', () => {
  it('a node that does not hold the bytes answers 404, not 500', async () => {
    const { token } = await createUser(first.app);
    const { file } = await uploadAvatar(first.app, token);
    const served = await diskOnly.app.inject({ method: 'GET', url: file });
    expect(served.statusCode).toBe(404);
    expect(served.json().code).toBe(1002);
  });
});

import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/test-app.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { type App, buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';

type Line = { level: number; msg: string; reqId?: string; method?: string; url?: string; status?: number };

const INFO = 30;
const ERROR = 50;

let app: App | undefined;
let database: Database | undefined;

/** An app whose log lines land in `lines`, at the level an operator runs with. */
async function loggedApp() {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(text));
      done();
    },
  });
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(), database, logger: { level: 'info', stream } });
  return { app, database, requestLines: () => lines.filter((line) => line.url !== undefined) };
}

afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('the access log', () => {
  it('writes one line per call, with the request id, method, path and status', async () => {
    const { app, requestLines } = await loggedApp();
    await app.inject({
      method: 'GET',
      url: '/api/client/sys/config',
      headers: { 'x-request-id': 'trace-9' },
    });
    expect(requestLines()).toEqual([
      expect.objectContaining({
        level: INFO,
        msg: 'request',
        reqId: 'trace-9',
        method: 'GET',
        url: '/api/client/sys/config',
        status: 200,
      }),
    ]);
    await database?.close();
  });

  it('leaves out a healthy probe', async () => {
    const { app, requestLines } = await loggedApp();
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(requestLines()).toEqual([]);
    await database?.close();
  });

  it('keeps a failing probe, as an error', async () => {
    const { app, database, requestLines } = await loggedApp();
    await database.close();
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
    expect(requestLines()).toEqual([
      expect.objectContaining({ level: ERROR, url: '/api/health', status: 503 }),
    ]);
  });
});

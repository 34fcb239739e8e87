import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { App } from '../src/app.ts';
import { until } from './eventually.ts';

const ROOT = join(import.meta.dirname, '../../..');

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

export type ChildServer = {
  url: string;
  child: ChildProcess;
  /** Settles with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** What it wrote to stderr so far (its warnings, errors). */
  errors(): string;
  /** Calls through HTTP as `app.inject` would: for the helpers written for in-process apps. */
  app: App;
};

/**
 * The real server as `npm start` runs it (src/main.ts through tsx) in a child process, on `env`
 * over test defaults; answers once its health check does.
 */
export async function startChildServer(env: Record<string, string>): Promise<ChildServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      CODES_PER_IP_PER_HOUR: '1000',
      WEB_DIST_DIR: join(ROOT, 'no-web-dist'),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });
  const url = `http://127.0.0.1:${port}`;
  await until(
    async () => {
      if (hasExited) throw new Error(`the server exited while starting:\n${stderr}`);
      const health = await fetch(`${url}/api/health`).catch(() => undefined);
      return health?.status === 200;
    },
    'the server answering its health check',
    { timeout: 120_000, detail: () => stderr },
  );
  return { url, child, exited, errors: () => stderr, app: httpApp(url) };
}

type InjectOptions = {
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: unknown;
};

/** `inject` over real HTTP: enough of an App for the test helpers (factories, agentApi). */
function httpApp(base: string): App {
  async function inject({ method, url, headers = {}, payload }: InjectOptions) {
    const answer = await fetch(`${base}${url}`, {
      method,
      headers: { ...headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      body: payload === undefined ? undefined : JSON.stringify(payload),
    });
    const body = await answer.text();
    return {
      statusCode: answer.status,
      body,
      headers: Object.fromEntries(answer.headers),
      json: () => JSON.parse(body),
    };
  }
  return { inject } as unknown as App;
}

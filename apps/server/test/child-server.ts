import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { App } from '../src/app.ts';

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
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (hasExited) throw new Error(`the server exited while starting:\n${stderr}`);
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${stderr}`);
    const health = await fetch(`${url}/api/health`).catch(() => undefined);
    if (health?.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
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

/**
 * Reads until `read` answers something, for what child servers do in their own time; throws naming
 * `what` and the servers' stderr (`errors`) when it never does.
 */
export async function until<T>(
  read: () => Promise<T | undefined>,
  what: string,
  errors: () => string = () => '',
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never: ${what}\n${errors()}`);
}

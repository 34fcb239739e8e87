// No test database: it runs once, on PGlite, not again on PostgreSQL (vitest.config.ts).
import { fork } from 'node:child_process';
import { once } from 'node:events';
import type { SiteFile } from '@tandem/contract/chat-sites';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually.ts';
import { commandOf, watchNewProcesses } from '../../../test/processes.ts';
import { buildSiteInChild } from './build-in-child.ts';
import { isRunning, processTree } from './process-tree.ts';

const STUCK_WORKER = new URL('../../../test/stuck-site-build.mjs', import.meta.url);
const BUILD_PROCESS = /site-build-worker|stuck-site-build/;

const counter: SiteFile[] = [
  {
    path: 'src/main.tsx',
    content: [
      "import { createRoot } from 'react-dom/client';",
      "import { useState } from 'react';",
      'function App() {',
      '  const [count, setCount] = useState(0);',
      '  return <button onClick={() => setCount(count + 1)}>Counted {count}</button>;',
      '}',
      "createRoot(document.getElementById('root')!).render(<App />);",
    ].join('\n'),
  },
];

/** Runs `build` while watching the processes it starts; answers its result (or error) and what ran. */
async function watched<T>(build: (processes: ReturnType<typeof watchNewProcesses>) => Promise<T>) {
  const processes = watchNewProcesses(BUILD_PROCESS);
  let result: T | undefined;
  let error: unknown;
  try {
    result = await build(processes);
  } catch (caught) {
    error = caught;
  } finally {
    processes.stop();
  }
  return { result, error, seen: processes.seen() };
}

const commands = (seen: { command: string }[]) => seen.map(({ command }) => command).join('\n');
const stillRunning = (seen: { pid: number }[]) => seen.filter(({ pid }) => isRunning(pid));

describe('a site build in a process of its own', () => {
  it('builds as in the server, and its process and esbuild service are gone once it is done', async () => {
    const { result, seen } = await watched(() =>
      buildSiteInChild(counter, { timeoutMs: 20_000, memoryMb: 512, niceness: 5 }),
    );
    if (result?.status !== 'ready') throw new Error(JSON.stringify(result));
    expect(result.output.find((file) => file.path === 'assets/entry-0.js')?.content).toContain('Counted');
    expect(commands(seen)).toMatch(/site-build-worker/);
    expect(commands(seen)).toMatch(/esbuild --service/);
    expect(stillRunning(seen)).toEqual([]);
    // As nice as asked (the server's default is 19: replies first when the CPUs are busy), esbuild's
    // service with it.
    expect(seen.map(({ niceness }) => niceness)).toEqual(seen.map(() => 5));
  });

  it("ends esbuild's service itself before it answers, so that init is left none to reap", async () => {
    const worker = fork(new URL('./site-build-worker.ts', import.meta.url), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    // tsx, which loads the worker here, runs services of its own while it loads modules.
    const services = () =>
      processTree(worker.pid!).filter((pid) => isRunning(pid) && /esbuild --service/.test(commandOf(pid)))
        .length;
    let mostServices = 0;
    const sampler = setInterval(() => {
      mostServices = Math.max(mostServices, services());
    }, 5);
    worker.send({ files: counter, limits: { timeoutMs: 20_000 } });
    const [result] = await once(worker, 'message');
    const servicesAtAnswer = services();
    clearInterval(sampler);
    const [code] = await once(worker, 'exit');
    expect(result.status).toBe('ready');
    expect(mostServices).toBeGreaterThanOrEqual(1);
    expect(servicesAtAnswer).toBe(0);
    expect(code).toBe(0);
  });

  it('fails a build whose processes hold more memory than its limit', async () => {
    const { result, seen } = await watched(() =>
      buildSiteInChild(counter, { timeoutMs: 20_000, memoryMb: 32, niceness: 0 }),
    );
    expect(result).toEqual({
      status: 'fail',
      errors: [{ file: null, line: null, column: null, text: 'The build used more than 32 MB of memory.' }],
    });
    expect(stillRunning(seen)).toEqual([]);
  });

  it('counts the memory of the processes the build starts, and kills them with it', async () => {
    const { result, seen } = await watched(() =>
      buildSiteInChild(
        [{ path: 'grow', content: 'grow' }],
        { timeoutMs: 30_000, memoryMb: 200, niceness: 0 },
        {
          worker: STUCK_WORKER,
        },
      ),
    );
    expect(result).toMatchObject({
      status: 'fail',
      errors: [{ file: null, text: 'The build used more than 200 MB of memory.' }],
    });
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(stillRunning(seen)).toEqual([]);
  });

  it('kills a build stuck past its time limit, with its esbuild service', async () => {
    const startedAt = performance.now();
    // Room for the stuck worker to start esbuild's service on a busy machine before the limit.
    const { result, seen } = await watched(() =>
      buildSiteInChild(counter, { timeoutMs: 6000, memoryMb: 512, niceness: 0 }, { worker: STUCK_WORKER }),
    );
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(6000);
    expect(result).toMatchObject({
      status: 'fail',
      errors: [{ file: null, text: 'The build took longer than 6 s.' }],
    });
    expect(commands(seen)).toMatch(/esbuild --service/);
    expect(stillRunning(seen)).toEqual([]);
  });

  it('kills the build when its signal aborts, and rejects with the reason', async () => {
    const closing = new AbortController();
    const { error, seen } = await watched(async (processes) => {
      const build = buildSiteInChild(
        counter,
        { timeoutMs: 20_000, memoryMb: 512, niceness: 0 },
        {
          signal: closing.signal,
          worker: STUCK_WORKER,
        },
      );
      await eventually(() => expect(commands(processes.running())).toMatch(/esbuild --service/));
      closing.abort(new Error('closing'));
      return build;
    });
    expect(error).toEqual(new Error('closing'));
    expect(stillRunning(seen)).toEqual([]);
  });
});

import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { getPriority, setPriority } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SiteFile } from '@tandem/contract/chat-sites';
import { SERVER_ROOT } from '../../paths.ts';
import { type BuildLimits, type BuildResult, wholeSite } from './build-site.ts';
import { isRunning, processTree, residentKb } from './process-tree.ts';

export type ChildBuildLimits = BuildLimits & {
  /** The resident memory of the build's process and esbuild's together. */
  memoryMb: number;
  /** How much nicer than the server the build runs (Linux's scale, 0 to 19); BUILD_NICENESS unless set. */
  niceness?: number;
};

const MEMORY_CHECK_MS = 100;
/** How long the processes of a killed build may take to end before the build's slot is given back. */
const ENDING_MAX_MS = 2000;
const STDERR_KEPT_CHARS = 4000;
const V8_OUT_OF_MEMORY = /heap out of memory|Reached heap limit/;
/**
 * How much nicer than the server a build runs by default (Linux's scale: 19 the nicest): builds take only
 * what replies and requests leave (`npm run bench -- site-build`). Against another process that keeps
 * the CPUs busy, a build gets about 2% of a CPU and may run past its time limit. The server passes
 * SITE_BUILD_NICENESS (config.ts, the same default); the bench and tests' own builders take this.
 */
const BUILD_NICENESS = 19;

// From the sources (tsx, tests) the worker is TypeScript, loaded through tsx; from the bundle, the
// worker bundled beside main.js.
const isFromSources = import.meta.url.endsWith('.ts');
const WORKER = isFromSources
  ? new URL('./site-build-worker.ts', import.meta.url)
  : pathToFileURL(join(SERVER_ROOT, 'dist/site-build-worker.js'));

const loaderOf = (worker: URL) =>
  worker.pathname.endsWith('.ts')
    ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href]
    : [];

/** Settles once none of the processes runs, or after ENDING_MAX_MS. */
async function ended(pids: Iterable<number>) {
  const deadline = performance.now() + ENDING_MAX_MS;
  while ([...pids].some(isRunning) && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export type ChildBuildOptions = {
  /** Kills the build (the server closing); the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** The module the child runs (tests: one that hangs or grows). */
  worker?: URL;
};

/**
 * Builds a site as `buildSite` does, in a process of its own that ends with the build, so that a build's
 * memory goes back to the system, a stuck one can be stopped, and the build yields the CPUs to the
 * server. V8's heap and Go's collector in esbuild aim below `memoryMb`; a watchdog kills the process
 * group (the worker and esbuild's service) once their resident memory together is over it, or once the
 * build runs past `timeoutMs`, and the build fails with an error saying so. It settles once every
 * process of the build has ended (or after 2 s more).
 */
export function buildSiteInChild(
  files: SiteFile[],
  limits: ChildBuildLimits,
  { signal, worker = WORKER }: ChildBuildOptions = {},
): Promise<BuildResult> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  const niceness = limits.niceness ?? BUILD_NICENESS;
  return new Promise((resolve, reject) => {
    const child = fork(worker, [], {
      execArgv: [...loaderOf(worker), `--max-old-space-size=${limits.memoryMb}`],
      // None of the server's environment: it holds secrets a build has no use for.
      env: { GOMEMLIMIT: `${limits.memoryMb}MiB`, GOMAXPROCS: '1' },
      // A process group of its own, which esbuild's service joins: one signal ends both.
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    // Builds are background work: replies and requests come first when the CPUs are busy (esbuild's
    // service, started later, inherits it).
    try {
      if (child.pid) setPriority(child.pid, Math.min(19, getPriority() + niceness));
    } catch {}
    // Where Linux groups CPU time by session (autogroup), the build's session of its own would compete
    // with the server's as an equal whatever the niceness: the group is made as nice as the build.
    try {
      if (child.pid) writeFileSync(`/proc/${child.pid}/autogroup`, String(niceness));
    } catch {}
    let result: BuildResult | undefined;
    let overLimit: 'time' | 'memory' | undefined;
    let stderr = '';
    // Every process of the build seen: those it started are no longer under it once it has ended.
    const processes = new Set<number>();
    const treeNow = () => {
      const tree = child.pid ? processTree(child.pid) : [];
      for (const pid of tree) processes.add(pid);
      return tree;
    };
    const stop = () => {
      treeNow();
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const timer = setTimeout(() => {
      overLimit ??= 'time';
      stop();
    }, limits.timeoutMs);
    const watchdog = setInterval(() => {
      const usedKb = treeNow().reduce((sum, pid) => sum + residentKb(pid), 0);
      if (usedKb > limits.memoryMb * 1024) {
        overLimit ??= 'memory';
        stop();
      }
    }, MEMORY_CHECK_MS);
    signal?.addEventListener('abort', stop, { once: true });
    const forget = () => {
      clearTimeout(timer);
      clearInterval(watchdog);
      signal?.removeEventListener('abort', stop);
    };

    child.stderr!.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-STDERR_KEPT_CHARS);
    });
    // The worker then ends by itself, its esbuild service ended and reaped first (site-build-worker.ts).
    child.once('message', (message: BuildResult) => {
      result = message;
    });
    // The worker's end: whatever it started that still runs in its group is killed.
    child.once('exit', () => {
      forget();
      stop();
    });
    child.once('error', (error) => {
      forget();
      stop();
      reject(error);
    });
    // Once the worker, its messages and every process it started are gone.
    child.once('close', async (code, signalName) => {
      await ended(processes);
      if (result) return resolve(result);
      if (signal?.aborted) return reject(signal.reason);
      if (overLimit === 'time') {
        return resolve({
          status: 'fail',
          errors: [wholeSite(`The build took longer than ${limits.timeoutMs / 1000} s.`)],
        });
      }
      if (overLimit === 'memory' || V8_OUT_OF_MEMORY.test(stderr)) {
        return resolve({
          status: 'fail',
          errors: [wholeSite(`The build used more than ${limits.memoryMb} MB of memory.`)],
        });
      }
      reject(new Error(`The build's process ended (${code ?? signalName}) without a result: ${stderr}`));
    });
    child.send({ files, limits });
  });
}

// The worker pool for CPU- and memory-heavy work (docs/decisions.md, "Document work in a worker pool").
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { HeavyTasks } from '../../heavy-worker.ts';
import { SERVER_ROOT } from '../../paths.ts';
import { createWorkerPool, type WorkerPool } from './worker-pool.ts';

export { serveTasks } from './serve-tasks.ts';
export { createWorkerPool, type WorkerPool, type WorkerPoolOptions } from './worker-pool.ts';

export type HeavyWorkLimits = { threads: number; memoryMb: number; timeoutMs: number };

// From the sources (tsx, tests) the worker is TypeScript; from the bundle, heavy-worker.js beside main.js.
const HEAVY_ENTRY = import.meta.url.endsWith('.ts')
  ? new URL('../../heavy-worker.ts', import.meta.url)
  : pathToFileURL(join(SERVER_ROOT, 'dist/heavy-worker.js'));

export const DEFAULT_HEAVY_WORK_LIMITS: HeavyWorkLimits = {
  threads: Math.max(2, Math.min(4, availableParallelism() - 1)),
  memoryMb: 512,
  timeoutMs: 60_000,
};

let limits = DEFAULT_HEAVY_WORK_LIMITS;
let pool: WorkerPool | undefined;

/** The limits of the process's pool (config.ts: WORKER_THREADS, WORKER_MEMORY_MB, WORKER_TASK_TIMEOUT_MS). */
export function configureHeavyWork(next: HeavyWorkLimits) {
  const isSame = JSON.stringify(next) === JSON.stringify(limits);
  limits = next;
  if (pool && !isSame) {
    void pool.close();
    pool = undefined;
  }
}

type Task = keyof HeavyTasks;

/** Bytes a task answered (a Uint8Array once they cross threads) as the Buffer a reply or library expects. */
export const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Runs one of the heavy tasks (`heavy-worker.ts`) in the process's worker pool, queued behind `team`'s
 * own work only. Byte arrays in the input are copied to the worker; results come back as they were made.
 */
export function runHeavy<Name extends Task>(
  team: number | string,
  task: Name,
  input: Parameters<HeavyTasks[Name]>[0],
  options: { timeoutMs?: number } = {},
): Promise<Awaited<ReturnType<HeavyTasks[Name]>>> {
  pool ??= createWorkerPool({
    entry: HEAVY_ENTRY,
    size: limits.threads,
    memoryMb: limits.memoryMb,
    timeoutMs: limits.timeoutMs,
  });
  return pool.run(team, task, input, options);
}

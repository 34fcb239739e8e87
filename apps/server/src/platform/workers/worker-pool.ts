import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ErrorName } from '@tandem/contract/errors';
import { AppError } from '../http/app-error.ts';
import type { TaskReply, TaskRequest } from './serve-tasks.ts';

export type WorkerPoolOptions = {
  /** The module each worker runs: a `.ts` file from the sources (loaded through tsx) or the bundle's `.js`. */
  entry: URL;
  /** Workers at most; each is started on demand and kept while there is work. */
  size: number;
  /** The V8 heap of one worker (`resourceLimits.maxOldGenerationSizeMb`); past it the worker dies. */
  memoryMb: number;
  /** How long one task may run before its worker is ended. */
  timeoutMs: number;
  /** Tasks of one team running at once (default: all workers but one, so other teams always get one). */
  perTeam?: number;
  /** A worker with no task for this long ends, giving its memory back (default 30 s). */
  idleMs?: number;
};

type Job = {
  team: number | string;
  task: string;
  input: unknown;
  transfer: ArrayBuffer[];
  timeoutMs: number;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

type Slot = {
  worker: Worker;
  job?: Job;
  timer?: NodeJS.Timeout;
  idle?: NodeJS.Timeout;
  /** False once the worker is ending: it takes no more work. */
  ready: boolean;
  /** The worker has loaded its tasks; a task's time limit runs from then. */
  isLoaded: boolean;
};

const OUT_OF_MEMORY = 'ERR_WORKER_OUT_OF_MEMORY';

// From the sources (tsx, vitest) a worker loads TypeScript through tsx's loader, registered in the
// worker before the entry is imported; the bundle's entry is plain JavaScript.
const TSX_API = (() => {
  try {
    const tsx = dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
    return pathToFileURL(join(tsx, 'dist/esm/api/index.mjs')).href;
  } catch {
    return undefined;
  }
})();
const TS_BOOT = `import(${JSON.stringify(TSX_API)}).then((tsx) => { tsx.register(); return import(require('node:worker_threads').workerData.entry); });`;

/**
 * A pool of worker threads for CPU- and memory-heavy work, so that the event loop only routes, checks
 * and streams. Each worker has a memory cap and each task a time limit: a worker that runs out of memory
 * or time is ended and replaced, its task fails with `DOCUMENT_WORK_OUT_OF_MEMORY` (2241) or
 * `DOCUMENT_WORK_TIMEOUT` (2242), and every other task carries on. Work is queued per team and taken
 * round-robin across teams, and one team never holds more than `perTeam` workers: a team importing a
 * hundred files waits behind itself, not the others behind it.
 */
export function createWorkerPool(options: WorkerPoolOptions) {
  const perTeam = Math.max(1, options.perTeam ?? options.size - 1);
  const idleMs = options.idleMs ?? 30_000;
  const slots = new Set<Slot>();
  /** Teams' queues, in the order they are served (a team goes to the back once served). */
  const queues = new Map<number | string, Job[]>();
  const running = new Map<number | string, number>();
  let isClosed = false;

  function start(): Slot {
    const isSource = options.entry.pathname.endsWith('.ts');
    const worker = isSource
      ? new Worker(TS_BOOT, {
          eval: true,
          workerData: { entry: options.entry.href },
          resourceLimits: { maxOldGenerationSizeMb: options.memoryMb },
        })
      : new Worker(options.entry, { resourceLimits: { maxOldGenerationSizeMb: options.memoryMb } });
    worker.unref();
    const slot: Slot = { worker, ready: true, isLoaded: false };
    slots.add(slot);
    worker.on('message', (reply: TaskReply) => {
      if ('ready' in reply) {
        slot.isLoaded = true;
        if (slot.job) startClock(slot, slot.job);
        return;
      }
      const job = slot.job;
      if (!job) return;
      finish(slot);
      if (reply.ok) job.resolve(reply.value);
      else if (reply.errorName) job.reject(new AppError(reply.errorName as ErrorName, reply.options));
      else job.reject(new Error(reply.message));
    });
    worker.on('error', (error: Error & { code?: string }) => {
      slot.ready = false;
      const job = slot.job;
      if (!job) return;
      finish(slot);
      job.reject(error.code === OUT_OF_MEMORY ? new AppError('DOCUMENT_WORK_OUT_OF_MEMORY') : error);
    });
    worker.on('exit', () => {
      slots.delete(slot);
      clearTimeout(slot.idle);
      const job = slot.job;
      if (job) {
        finish(slot);
        job.reject(new AppError('DOCUMENT_WORK_OUT_OF_MEMORY'));
      }
      pump();
    });
    return slot;
  }

  function finish(slot: Slot) {
    const job = slot.job!;
    clearTimeout(slot.timer);
    slot.job = undefined;
    running.set(job.team, (running.get(job.team) ?? 1) - 1);
    if (running.get(job.team) === 0) running.delete(job.team);
    if (slot.ready) {
      slot.idle = setTimeout(() => {
        // Taken out of service first: a task given to it while it ends would fail for nothing.
        slot.ready = false;
        void slot.worker.terminate();
      }, idleMs);
      slot.idle.unref();
    }
    queueMicrotask(pump);
  }

  /** Ends the worker and fails its task once the task has run past its time limit. */
  function startClock(slot: Slot, job: Job) {
    slot.timer = setTimeout(() => {
      slot.ready = false;
      slot.job = undefined;
      running.set(job.team, (running.get(job.team) ?? 1) - 1);
      if (running.get(job.team) === 0) running.delete(job.team);
      job.reject(new AppError('DOCUMENT_WORK_TIMEOUT'));
      void slot.worker.terminate();
    }, job.timeoutMs);
  }

  /** The next job of the first team in turn that is under its share, moving that team to the back. */
  function nextJob(): Job | undefined {
    for (const [team, queue] of queues) {
      if ((running.get(team) ?? 0) >= perTeam) continue;
      const job = queue.shift()!;
      queues.delete(team);
      if (queue.length > 0) queues.set(team, queue);
      return job;
    }
    return undefined;
  }

  function pump() {
    if (isClosed) return;
    for (;;) {
      let slot = [...slots].find((candidate) => candidate.ready && !candidate.job);
      if (!slot && slots.size >= options.size) return;
      const job = nextJob();
      if (!job) return;
      slot ??= start();
      clearTimeout(slot.idle);
      slot.job = job;
      running.set(job.team, (running.get(job.team) ?? 0) + 1);
      if (slot.isLoaded) startClock(slot, job);
      const request: TaskRequest = { task: job.task, input: job.input };
      slot.worker.postMessage(request, job.transfer);
    }
  }

  return {
    /**
     * Runs `task` with `input` (copied to the worker by structured clone; buffers in `transfer` are
     * moved instead) for `team`, and answers its result. An AppError thrown by the task comes back as
     * itself.
     */
    run<T>(
      team: number | string,
      task: string,
      input: unknown,
      { transfer = [], timeoutMs = options.timeoutMs }: { transfer?: ArrayBuffer[]; timeoutMs?: number } = {},
    ): Promise<T> {
      if (isClosed) return Promise.reject(new Error('the worker pool is closed'));
      return new Promise<T>((resolve, reject) => {
        const job: Job = {
          team,
          task,
          input,
          transfer,
          timeoutMs,
          resolve: resolve as Job['resolve'],
          reject,
        };
        const queue = queues.get(team);
        if (queue) queue.push(job);
        else queues.set(team, [job]);
        pump();
      });
    },

    /** Workers running now (tests). */
    get workerCount() {
      return slots.size;
    },

    async close() {
      isClosed = true;
      for (const queue of queues.values())
        for (const job of queue) job.reject(new Error('the worker pool is closed'));
      queues.clear();
      await Promise.all([...slots].map((slot) => slot.worker.terminate()));
    },
  };
}

export type WorkerPool = ReturnType<typeof createWorkerPool>;

// No test database: it runs once, on PGlite, not again on PostgreSQL (vitest.config.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../http/app-error.ts';
import { createWorkerPool, type WorkerPool } from './index.ts';

const entry = new URL('./worker-pool.test-worker.ts', import.meta.url);

/** The longest the event loop went without running a timer while `work` ran. */
async function longestStall(work: Promise<unknown>) {
  let longest = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  await work.catch(() => {});
  clearInterval(timer);
  return longest;
}

describe('worker pool', () => {
  let pool: WorkerPool;
  afterEach(() => pool?.close());

  it('runs a task off the event loop: timers keep firing while a worker computes', async () => {
    pool = createWorkerPool({ entry, size: 2, memoryMb: 64, timeoutMs: 20_000 });
    expect(await pool.run(1, 'echo', { a: [1, 2] })).toEqual({ a: [1, 2] });
    const stall = await longestStall(pool.run(1, 'spin', 1500));
    // Before the pool this work blocked the loop for its whole 1.5 s.
    expect(stall).toBeLessThan(500);
  });

  it('a worker past its memory cap fails only its task (2241), and the next task gets a new worker', async () => {
    pool = createWorkerPool({ entry, size: 2, memoryMb: 64, timeoutMs: 20_000 });
    const [grown, other] = await Promise.allSettled([pool.run(1, 'grow', null), pool.run(2, 'wait', 300)]);
    expect(grown.status).toBe('rejected');
    expect((grown as PromiseRejectedResult).reason).toMatchObject({
      errorName: 'DOCUMENT_WORK_OUT_OF_MEMORY',
    });
    expect(other).toEqual({ status: 'fulfilled', value: 300 });
    expect(await pool.run(1, 'echo', 'again')).toBe('again');
  });

  it('a task past its time limit fails (2242) and its worker is replaced', async () => {
    pool = createWorkerPool({ entry, size: 2, memoryMb: 64, timeoutMs: 20_000 });
    await pool.run(1, 'echo', 'warm');
    const late = pool.run(1, 'spin', 60_000, { timeoutMs: 300 });
    await expect(late).rejects.toMatchObject({ errorName: 'DOCUMENT_WORK_TIMEOUT', code: 2242 });
    expect(await pool.run(1, 'echo', 'after')).toBe('after');
  });

  it('an AppError thrown in a task comes back as itself', async () => {
    pool = createWorkerPool({ entry, size: 1, memoryMb: 64, timeoutMs: 20_000 });
    const refused = await pool.run(1, 'refuse', null).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ errorName: 'DOCUMENT_TOO_LARGE', code: 2240 });
  });

  it('one team with a queue of work never holds every worker: another team starts at once', async () => {
    pool = createWorkerPool({ entry, size: 2, memoryMb: 64, timeoutMs: 20_000 });
    await Promise.all([pool.run('a', 'echo', 0), pool.run('b', 'echo', 0)]);
    const order: string[] = [];
    const busyTeam = Array.from({ length: 4 }, (_, index) =>
      pool.run('busy', 'wait', 400).then(() => order.push(`busy${index}`)),
    );
    const started = performance.now();
    await pool.run('other', 'wait', 50);
    const otherMs = performance.now() - started;
    order.push('other');
    await Promise.all(busyTeam);
    // The busy team runs its tasks one at a time (size - 1 workers of 2 would be 1), the other team's
    // task on the worker left free: it finished long before the busy team's second task.
    expect(order.indexOf('other')).toBeLessThanOrEqual(1);
    expect(otherMs).toBeLessThan(400);
  });
});

// The tasks of worker-pool.test.ts: answers, waits, blocks its thread, grows past its heap, refuses.
import { AppError } from '../http/app-error.ts';
import { serveTasks } from './serve-tasks.ts';

serveTasks({
  echo: (input: unknown) => input,
  wait: (ms: number) => new Promise((resolve) => setTimeout(() => resolve(ms), ms)),
  spin: (ms: number) => {
    const until = Date.now() + ms;
    while (Date.now() < until);
    return ms;
  },
  grow: () => {
    const kept: number[][] = [];
    for (;;) kept.push(Array.from({ length: 100_000 }, (_, index) => index * 1.5));
  },
  refuse: () => {
    throw new AppError('DOCUMENT_TOO_LARGE');
  },
});

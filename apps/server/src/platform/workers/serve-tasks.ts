import { parentPort } from 'node:worker_threads';
import { AppError } from '../http/app-error.ts';

export type TaskRequest = { task: string; input: unknown };
export type TaskReply =
  | { ready: true }
  | { ok: true; value: unknown }
  | { ok: false; errorName?: string; options?: AppError['options']; message?: string };

type Handlers = Record<string, (input: never) => unknown>;

/**
 * The worker's side of the pool: runs each task it is sent with its handler and answers the result,
 * an AppError by its name (so the request answers the same localised code as it would in the server).
 */
export function serveTasks(handlers: Handlers) {
  // A library's promise left to fail when a task stops it early (pdf.js once its text stream is
  // cancelled) must not end the worker and fail the task with it: the task answers for itself.
  process.on('unhandledRejection', () => {});
  parentPort!.on('message', async ({ task, input }: TaskRequest) => {
    let reply: TaskReply;
    try {
      const handler = handlers[task];
      if (!handler) throw new Error(`no task ${task}`);
      reply = { ok: true, value: await handler(input as never) };
    } catch (error) {
      reply =
        error instanceof AppError
          ? { ok: false, errorName: error.errorName, options: error.options }
          : { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
    const transfer = transferablesOf(reply);
    parentPort!.postMessage(reply, transfer);
  });
  // Loaded: tasks' time limits count from here, not from the worker's start (which loads the modules).
  parentPort!.postMessage({ ready: true } satisfies TaskReply);
}

/** A result's byte arrays, moved to the server thread rather than copied. */
function transferablesOf(reply: TaskReply): ArrayBuffer[] {
  if (!('ok' in reply) || !reply.ok) return [];
  const found: ArrayBuffer[] = [];
  const visit = (value: unknown) => {
    if (value instanceof Uint8Array) {
      if (
        value.byteOffset === 0 &&
        value.byteLength === value.buffer.byteLength &&
        value.buffer instanceof ArrayBuffer
      )
        found.push(value.buffer);
    } else if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const child of Object.values(value)) visit(child);
    }
  };
  visit(reply.value);
  return found;
}

import { vi } from 'vitest';

/**
 * Waits until `check` stops throwing, for as long as a person would wait: 15 s by default. `vi.waitFor`
 * gives up after 1 s, which a realtime hop alone can take with both cores kept busy by another process.
 */
export const eventually = <T>(check: () => T | Promise<T>, timeout = 15_000) =>
  vi.waitFor(check, { timeout, interval: 20 });

/**
 * Reads until `read` answers something (neither `undefined` nor `false`) and answers that; throws
 * naming `what`, and `detail()` (a child server's stderr, say), when it has not after `timeout` ms.
 * Unlike `eventually`, an error thrown by `read` is not retried: it fails the wait at once.
 */
export async function until<T>(
  read: () => T | Promise<T>,
  what = 'the condition',
  { timeout = 15_000, detail }: { timeout?: number; detail?: () => string } = {},
): Promise<Exclude<T, undefined | false>> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await read();
    if (value !== undefined && value !== false) return value as Exclude<T, undefined | false>;
    if (Date.now() > deadline) throw new Error(`never: ${what}${detail ? `\n${detail()}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

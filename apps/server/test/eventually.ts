import { vi } from 'vitest';

/**
 * Waits until `check` stops throwing, for as long as a person would wait: 15 s by default. `vi.waitFor`
 * gives up after 1 s, which a realtime hop alone can take with both cores kept busy by another process.
 */
export const eventually = <T>(check: () => T | Promise<T>, timeout = 15_000) =>
  vi.waitFor(check, { timeout, interval: 20 });

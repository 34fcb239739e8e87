import { vi } from 'vitest';

/**
 * Waits until `check` stops throwing, for as long as a person would wait: 15 s by default. `vi.waitFor`
 * gives up after 1 s, which a busy machine can take for a realtime hop alone (issue 12's loaded runs).
 */
export const eventually = <T>(check: () => T | Promise<T>, timeout = 15_000) =>
  vi.waitFor(check, { timeout, interval: 20 });

import { afterEach, beforeEach, vi } from 'vitest';
import { getSession } from '../shared/session/session-store.ts';

/**
 * A signed-in page whose clipboard records what is copied (jsdom has none): installed before each
 * test, the session reset after it. Answers the mock of `navigator.clipboard.writeText`.
 */
export function signedInWithClipboard() {
  const writeText = vi.fn(async (_text: string) => {});
  beforeEach(() => {
    getSession().setToken('session-token');
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    writeText.mockClear();
  });
  afterEach(() => {
    getSession().reset();
    vi.restoreAllMocks();
  });
  return writeText;
}

import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { http } from '../shared/api/http.ts';
import type { Transport } from '../shared/api/http-client.ts';
import './dom-setup.ts';
import { freshPage } from './fresh-page.ts';

/**
 * Run before every web test file (`setupFiles`), also when the files share a worker's modules
 * (`isolate: false`): the hooks are the file's own, registered again for each file.
 */

/**
 * Between tests no call reaches a network: one a finished test's page sends late (a retry, a poll) is
 * cancelled, so it cannot fail into the next test's session.
 */
const finishedTest: Transport = async () => {
  throw new DOMException('test finished', 'AbortError');
};

afterEach(() => {
  cleanup();
  http.setTransport(finishedTest);
  // Fake sockets, a stubbed `location` or `fetch`: each test installs its own.
  vi.unstubAllGlobals();
});

afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  freshPage();
});

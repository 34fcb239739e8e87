import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isStale } from './build-when-stale.mjs';

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Writes `path` under the temporary root, dated `secondsAgo` in the past. */
function file(path: string, secondsAgo: number) {
  const full = join(root, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, '');
  const time = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(full, time, time);
}

describe('the server build, for npm start and the admin, backup and restore commands', () => {
  it('is rebuilt when missing, when a command it should hold is missing, or when a source is newer', () => {
    root = mkdtempSync(join(tmpdir(), 'tandem-stale-'));
    file('apps/server/src/main.ts', 100);
    file('packages/contract/src/api.ts', 100);
    expect(isStale('server', [], root)).toBe(true);

    file('apps/server/dist/main.js', 50);
    expect(isStale('server', [], root)).toBe(false);
    expect(isStale('server', ['apps/server/dist/cli/admin.js'], root)).toBe(true);
    file('apps/server/dist/cli/admin.js', 50);
    expect(isStale('server', ['apps/server/dist/cli/admin.js'], root)).toBe(false);

    // A source edited after the build, in the server or in the contract it bundles.
    file('apps/server/src/cli/admin.ts', 10);
    expect(isStale('server', ['apps/server/dist/cli/admin.js'], root)).toBe(true);
    file('apps/server/dist/main.js', 0);
    file('apps/server/dist/cli/admin.js', 0);
    expect(isStale('server', ['apps/server/dist/cli/admin.js'], root)).toBe(false);
    file('packages/contract/src/errors.ts', -5);
    expect(isStale('server', [], root)).toBe(true);
  });

  it('does not count what is under node_modules or a dist folder as a source', () => {
    root = mkdtempSync(join(tmpdir(), 'tandem-stale-'));
    file('apps/web/src/main.tsx', 100);
    file('apps/web/dist/index.html', 50);
    file('apps/web/src/node_modules/x/index.js', 0);
    expect(isStale('web', [], root)).toBe(false);
  });
});

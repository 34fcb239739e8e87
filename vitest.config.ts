import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { NO_TEST_DATABASE, opensNoTestDatabase } from './apps/server/test/no-test-database.ts';
import { catalogueParts } from './apps/web/build/catalogue-parts-plugin.ts';

/**
 * What runs on both databases: every server test file that opens a test database runs twice, on PGlite
 * (`server`) and on PostgreSQL (`server-postgres`), where the drivers differ (types of numbers, dates
 * and raw rows, real concurrency: row locks, advisory locks, two pools; pgvector or none). A file that
 * opens none starts with `NO_TEST_DATABASE` (apps/server/test/no-test-database.ts) and runs once, on
 * PGlite: a second run would be the same run. A file that reads `TEST_DATABASE` cannot have the mark.
 */
/** The test files under `dir`, as paths from the root. */
const testFilesUnder = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `${dir}/${file}`);

const serverTestsWithoutDatabase = testFilesUnder('apps/server/src').filter(opensNoTestDatabase);
for (const file of serverTestsWithoutDatabase) {
  if (/TEST_DATABASE|inject\(['"]postgres/.test(readFileSync(file, 'utf8'))) {
    throw new Error(`${file} reads the project's database, so it cannot start with "${NO_TEST_DATABASE}"`);
  }
}

/**
 * The web tests share their worker's window and modules (`isolate: false`): a file pays for jsdom and
 * antd once, not each time (2.8 s a file). `apps/web/src/test/setup.ts` cleans the page after each test
 * and resets the stores, storage and history after each file. A file that mocks a module (`vi.mock`)
 * needs modules of its own, so it runs isolated.
 */
const WEB_TESTS = 'apps/web/src/**/*.test.{ts,tsx}';
const webTestsWithModuleMocks = testFilesUnder('apps/web/src').filter((file) =>
  /\bvi\.mock\(/.test(readFileSync(file, 'utf8')),
);
const webTests = {
  environment: 'jsdom',
  setupFiles: ['apps/web/src/test/setup.ts'],
  // antd forms in jsdom take seconds, and four times as long while both cores are busy with
  // something else (a dialog test of 6 s took 23 s): the limit only catches a test that hangs.
  testTimeout: 60_000,
} as const;

/**
 * Projects: `unit` (contract, deployment files, scripts), `web` (components in jsdom), `server` (integration on in-memory PGlite) and
 * `server-postgres` (the same integration files against a real PostgreSQL started by the set-up).
 */
export default defineConfig({
  test: {
    // A worker per core, two at least (vitest's default leaves one core idle: on a 2-core machine the
    // files ran one at a time, 37 minutes; two workers take 19). The files wait on databases, child
    // processes and sockets for much of their time, so a second worker is never idle for long.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/contract/src/**/*.test.ts',
            'packages/editor/src/**/*.test.ts',
            'deploy/**/*.test.ts',
            'scripts/**/*.test.ts',
            'apps/web/build/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        plugins: [catalogueParts()],
        test: {
          ...webTests,
          name: 'web',
          include: [WEB_TESTS],
          exclude: [...configDefaults.exclude, ...webTestsWithModuleMocks],
          isolate: false,
        },
      },
      {
        plugins: [catalogueParts()],
        test: { ...webTests, name: 'web-isolated', include: webTestsWithModuleMocks },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          env: { TEST_DATABASE: 'pglite' },
          globalSetup: ['apps/server/test/pglite-global-setup.ts'],
          isolate: false,
          // Only a hang: a test making 20 accounts (argon2id each) took 46 s with both cores busy.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-postgres',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...serverTestsWithoutDatabase],
          environment: 'node',
          env: { TEST_DATABASE: 'postgres' },
          globalSetup: ['apps/server/test/postgres-global-setup.ts'],
          isolate: false,
          // Only a hang: a test making 20 accounts (argon2id each) took 46 s with both cores busy.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});

// `npm test`: lint and format check, type check, unit + integration (PGlite and PostgreSQL), build,
// then the browser suite against the built app. Ends with one summary line of every runner's counts.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './build.mjs';

const RESULTS = join(ROOT, 'test-results');
rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });

const steps = [
  ['lint and format', 'npx', ['biome', 'ci', '.']],
  ['module boundaries', 'npm', ['run', '--silent', 'lint:boundaries']],
  ['type check', 'npm', ['run', '--silent', 'typecheck']],
  [
    'unit and integration',
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(RESULTS, 'vitest.json')}`,
    ],
  ],
  ['build', 'node', ['scripts/build.mjs']],
  ['browser', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']],
];

const env = { ...process.env, CI: process.env.CI ?? 'true', PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
let failedStep;
for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env });
  console.log(
    `◀ ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (result.status !== 0) {
    failedStep = name;
    break;
  }
}

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);
const vitest = readJson(join(RESULTS, 'vitest.json'));
const e2e = readJson(join(RESULTS, 'e2e.json'));
const passed = (vitest?.numPassedTests ?? 0) + (e2e ? e2e.stats.expected + e2e.stats.flaky : 0);
const failed = (vitest?.numFailedTests ?? 0) + (e2e?.stats.unexpected ?? 0);
const skipped = (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (e2e?.stats.skipped ?? 0);

console.log('');
if (vitest) console.log(`vitest: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed`);
if (e2e)
  console.log(`playwright: ${e2e.stats.expected + e2e.stats.flaky} passed, ${e2e.stats.unexpected} failed`);
if (failedStep) console.log(`step failed: ${failedStep}`);
console.log(
  `tests: ${passed} passed, ${failed + (failedStep && !failed ? 1 : 0)} failed, ${skipped} skipped`,
);
process.exit(failedStep ? 1 : 0);

// `npm test`: lint and format check, then unit + integration (PGlite and PostgreSQL) with the type check
// and the build beside them, then the browser suite against the built app. Ends with one summary line
// of every runner's counts.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './build.mjs';

const RESULTS = join(ROOT, 'test-results');
rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });

/** A step: its name, then the command and arguments it runs. */
const lint = [
  ['lint and format', 'npx', ['biome', 'ci', '.']],
  ['module boundaries', 'npm', ['run', '--silent', 'lint:boundaries']],
];
const unitAndIntegration = [
  'unit and integration',
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${join(RESULTS, 'vitest.json')}`,
  ],
];
/**
 * Run beside the integration tests at a low priority (nice 10): those wait on databases, child
 * processes and timers for a tenth of their time, and the type check and the build fill it (together
 * ~110 s of CPU, ~60 s of the run when they went first).
 */
const besideTests = [
  ['type check', 'npm', ['run', '--silent', 'typecheck']],
  ['build', 'node', ['scripts/build.mjs']],
];
const browser = ['browser', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']];

const env = { ...process.env, CI: process.env.CI ?? 'true', PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
const NICE = '/usr/bin/nice';
let failedStep;

/**
 * Each step runs in a process group of its own (`detached`), so stopping it stops what it started
 * (npx does not pass a signal on to vitest and its workers).
 */
const running = new Set();
const stopRunning = () => {
  for (const child of running) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
};

/**
 * Runs a step; resolves to whether it passed. Its output goes to the terminal as it comes, or, `quietly`,
 * niced and held, printed in one piece when it ends.
 */
function run([name, command, args], { quietly = false } = {}) {
  if (!quietly) console.log(`\n▶ ${name}`);
  const started = Date.now();
  const [file, argv] = quietly && existsSync(NICE) ? [NICE, ['-n', '10', command, ...args]] : [command, args];
  return new Promise((resolve) => {
    const child = spawn(file, argv, {
      cwd: ROOT,
      stdio: quietly ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env,
      detached: true,
    });
    running.add(child);
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      running.delete(child);
      if (quietly) console.log(`\n▶ ${name} (beside the tests)`);
      if (output) process.stdout.write(output);
      console.log(
        `◀ ${name}: ${code === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      resolve(code === 0);
    });
  });
}

/** The first step to fail ends the run: what still runs beside it is stopped. */
function fail(name) {
  failedStep ??= name;
  stopRunning();
}
// Ctrl-C reaches only this process now: it stops the steps' groups.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopRunning();
    process.exit(130);
  });
}

for (const step of lint) {
  if (!(await run(step))) {
    fail(step[0]);
    break;
  }
}
if (!failedStep) {
  const beside = (async () => {
    for (const step of besideTests) {
      if (failedStep) return;
      if (!(await run(step, { quietly: true }))) return fail(step[0]);
    }
  })();
  if (!(await run(unitAndIntegration))) fail(unitAndIntegration[0]);
  await beside;
}
if (!failedStep && !(await run(browser))) fail(browser[0]);

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

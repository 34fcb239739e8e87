// `npm run test:stress -- <test files> [--times N]`: runs the chosen test files N times (5 by default)
// while every core is kept busy, so a race is hunted on its own file instead of with whole-suite runs.
// Vitest files (server, web, unit) run through vitest, e2e specs (`e2e/**/*.spec.ts`) through Playwright
// against the built app (`npm run build` first). Exits non-zero when any run failed.
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { ROOT } from './build.mjs';

const args = process.argv.slice(2);
const timesAt = args.indexOf('--times');
const times = timesAt === -1 ? 5 : Number(args[timesAt + 1]);
const files = timesAt === -1 ? args : [...args.slice(0, timesAt), ...args.slice(timesAt + 2)];
if (files.length === 0 || !Number.isInteger(times) || times < 1) {
  console.error('usage: npm run test:stress -- <test files> [--times N]');
  process.exit(2);
}

/** One thread per core spinning at full speed: the load a busy CI machine puts on the tests. */
const spinners = Array.from(
  { length: availableParallelism() },
  () => new Worker('for (;;) {}', { eval: true }),
);
const specs = files.filter((file) => /(^|\/)e2e\/.*\.spec\.ts$/.test(file));
const units = files.filter((file) => !specs.includes(file));
const env = { ...process.env, CI: process.env.CI ?? 'true' };
const failures = [];
try {
  for (let run = 1; run <= times; run++) {
    const runs = [
      ...(units.length ? [['vitest', ['npx', 'vitest', 'run', ...units]]] : []),
      ...(specs.length
        ? [
            [
              'playwright',
              ['npx', 'playwright', 'test', '-c', 'e2e/playwright.config.ts', '--retries=0', ...specs],
            ],
          ]
        : []),
    ];
    for (const [name, [command, ...rest]] of runs) {
      const started = Date.now();
      const result = spawnSync(command, rest, { cwd: ROOT, stdio: 'inherit', env });
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(
        `\n◀ run ${run}/${times} (${name}): ${result.status === 0 ? 'passed' : 'FAILED'} in ${seconds} s\n`,
      );
      if (result.status !== 0) failures.push(`run ${run} (${name})`);
    }
  }
} finally {
  await Promise.all(spinners.map((spinner) => spinner.terminate()));
}
console.log(
  failures.length === 0
    ? `all ${times} runs passed with every core loaded`
    : `failed: ${failures.join(', ')} of ${times} runs`,
);
process.exit(failures.length === 0 ? 0 : 1);

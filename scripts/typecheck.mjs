// `npm run typecheck`: each TypeScript project checked with its own tsconfig, two at a time (one
// after the other took a minute on a 2-core machine; each tsc is single-threaded).
import { spawn } from 'node:child_process';
import { ROOT } from './build.mjs';

const PROJECTS = ['apps/web', 'apps/server', 'packages/contract', 'packages/editor', 'e2e', 'bench'];
const AT_ONCE = 2;

const check = (project) =>
  new Promise((resolve) => {
    const tsc = spawn('npx', ['tsc', '-p', project], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    tsc.stdout.on('data', (chunk) => {
      output += chunk;
    });
    tsc.stderr.on('data', (chunk) => {
      output += chunk;
    });
    tsc.on('close', (code) => resolve({ project, code, output }));
  });

const queue = [...PROJECTS];
const failed = [];
await Promise.all(
  Array.from({ length: AT_ONCE }, async () => {
    for (let project = queue.shift(); project; project = queue.shift()) {
      const result = await check(project);
      if (result.output) process.stdout.write(result.output);
      if (result.code !== 0) failed.push(project);
    }
  }),
);
if (failed.length > 0) {
  console.error(`type errors in ${failed.join(', ')}`);
  process.exit(1);
}

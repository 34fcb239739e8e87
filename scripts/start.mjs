// `npm start`: builds what is missing or older than its sources, then runs the server in this process.
// Each build runs in a child process, so the memory Vite and esbuild take goes back to the system
// before the server starts (a first start otherwise kept about 1.2 GB).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ROOT } from './build.mjs';

const CONTRACT = join(ROOT, 'packages/contract/src');

/** Newest modification time under the given files and folders (node_modules and dist skipped). */
function newestMtime(paths) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path))
        if (name !== 'node_modules' && name !== 'dist') visit(join(path, name));
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  paths.forEach(visit);
  return newest;
}

const isStale = (output, sources) =>
  !existsSync(output) ||
  statSync(output).mtimeMs < newestMtime(sources.map((p) => join(ROOT, p)).concat(CONTRACT));

/** Runs `scripts/build.mjs <which>` in a child process; a failed build stops the start. */
function build(which) {
  const script = fileURLToPath(new URL('./build.mjs', import.meta.url));
  const { status, signal } = spawnSync(process.execPath, [script, which], { stdio: 'inherit' });
  if (status !== 0) {
    console.error(`The ${which} build failed (${signal ?? `exit code ${status}`}).`);
    process.exit(status || 1);
  }
}

const webOutput = join(ROOT, 'apps/web/dist/index.html');
if (
  isStale(webOutput, ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/public'])
) {
  console.log('Building the web app…');
  build('web');
}
const serverOutput = join(ROOT, 'apps/server/dist/main.js');
if (isStale(serverOutput, ['apps/server/src', 'apps/server/package.json'])) {
  console.log('Building the server…');
  build('server');
}

await import(pathToFileURL(serverOutput).href);

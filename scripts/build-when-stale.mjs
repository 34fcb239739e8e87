// Builds the web app or the server in a child process when its output is missing or older than its
// sources, for `npm start` and the server's commands (admin, backup, restore). In a child process, so
// the memory Vite and esbuild take goes back to the system before the server starts.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from './build.mjs';

/** Every build bundles the workspace packages' sources: the contract and the document schema. */
const PACKAGES = ['packages/contract/src', 'packages/editor/src'];

const TARGETS = {
  web: {
    label: 'the web app',
    output: 'apps/web/dist/index.html',
    sources: ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/public'],
  },
  server: {
    label: 'the server',
    output: 'apps/server/dist/main.js',
    sources: ['apps/server/src', 'apps/server/package.json'],
  },
};

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

/**
 * Whether `which` must be built: its output (or one of `also`, more files the same build writes) is
 * missing or older than a source.
 */
export function isStale(which, also = [], root = ROOT) {
  const { output, sources } = TARGETS[which];
  const outputs = [output, ...also].map((path) => join(root, path));
  if (!outputs.every((path) => existsSync(path))) return true;
  const sourcesMtime = newestMtime([...sources, ...PACKAGES].map((path) => join(root, path)));
  return outputs.some((path) => statSync(path).mtimeMs < sourcesMtime);
}

/** Builds `web` or `server` when stale; a failed build ends this process with its status. */
export function buildWhenStale(which, also = []) {
  if (!isStale(which, also)) return;
  console.log(`Building ${TARGETS[which].label}…`);
  const script = fileURLToPath(new URL('./build.mjs', import.meta.url));
  const { status, signal } = spawnSync(process.execPath, [script, which], { stdio: 'inherit' });
  if (status !== 0) {
    console.error(`The ${which} build failed (${signal ?? `exit code ${status}`}).`);
    process.exit(status || 1);
  }
}

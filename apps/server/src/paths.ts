import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server package's folder, found from this file whether it runs from `src/` or the `dist/` bundle. */
function findServerRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('apps/server/package.json not found above the server code');
    dir = parent;
  }
  return dir;
}

export const SERVER_ROOT = findServerRoot();
export const MIGRATIONS_DIR = join(SERVER_ROOT, 'migrations');
export const DEFAULT_WEB_DIST_DIR = join(SERVER_ROOT, '..', 'web', 'dist');
export const SERVER_VERSION: string = JSON.parse(
  readFileSync(join(SERVER_ROOT, 'package.json'), 'utf8'),
).version;

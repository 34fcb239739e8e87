// Runs one of the server's commands (apps/server/src/cli) from its build, building the server first
// when that build is missing: `node scripts/server-command.mjs <admin|backup|restore> [args]`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ROOT } from './build.mjs';

const [name, ...args] = process.argv.slice(2);
const output = join(ROOT, `apps/server/dist/cli/${name}.js`);
if (!existsSync(output)) {
  console.log('Building the server…');
  const script = fileURLToPath(new URL('./build.mjs', import.meta.url));
  const { status } = spawnSync(process.execPath, [script, 'server'], { stdio: 'inherit' });
  if (status !== 0) process.exit(status || 1);
}
process.argv = [process.argv[0], output, ...args];
await import(pathToFileURL(output).href);

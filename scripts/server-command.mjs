// Runs one of the server's commands (apps/server/src/cli) from its build, building the server first
// when that build is missing or older than its sources: `node scripts/server-command.mjs <admin|backup|restore> [args]`.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './build.mjs';
import { buildWhenStale } from './build-when-stale.mjs';

const [name, ...args] = process.argv.slice(2);
const command = `apps/server/dist/cli/${name}.js`;
buildWhenStale('server', [command]);
const output = join(ROOT, command);
process.argv = [process.argv[0], output, ...args];
await import(pathToFileURL(output).href);

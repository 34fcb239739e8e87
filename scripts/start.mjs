// `npm start`: builds what is missing or older than its sources, then runs the server in this process.
// Each build runs in a child process, so the memory Vite and esbuild take goes back to the system
// before the server starts (a first start otherwise kept about 1.2 GB).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './build.mjs';
import { buildWhenStale } from './build-when-stale.mjs';

buildWhenStale('web');
buildWhenStale('server');
await import(pathToFileURL(join(ROOT, 'apps/server/dist/main.js')).href);

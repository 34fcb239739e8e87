// `npm run bench`: runs every `*.bench.mjs` beside this file (or those named as arguments) in turn.
// Each prints its figures as `name: value unit` lines.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const scripts = readdirSync(here)
  .filter((name) => name.endsWith('.bench.mjs'))
  .filter((name) => wanted.length === 0 || wanted.some((w) => name.includes(w)))
  .sort();

let failed = false;
for (const script of scripts) {
  console.log(`\n# ${script}`);
  const result = spawnSync(process.execPath, [join(here, script)], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);

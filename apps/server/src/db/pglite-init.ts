import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A PGlite data directory holds PG_VERSION once `initdb` has run in it. */
export const isPgliteCreated = (path: string) => existsSync(`${path}/PG_VERSION`);

/**
 * Runs PGlite's `initdb` in a child process. Creating a database grows the WASM heap to about 800 MB,
 * which a process never gives back; opening the created one takes about 300 MB.
 */
export async function createPgliteInChild(path: string): Promise<void> {
  const pglite = import.meta.resolve('@electric-sql/pglite');
  const script = `const { PGlite } = await import(${JSON.stringify(pglite)});
const db = new PGlite(${JSON.stringify(path)});
await db.waitReady;
await db.close();`;
  await run(process.execPath, ['--input-type=module', '-e', script]);
}

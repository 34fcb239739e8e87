import { join } from 'node:path';
import { type Database, openDatabase } from './client.ts';
import { DataDirBusyError, lockDataDir } from './data-dir-lock.ts';
import { createPgliteInChild, isPgliteCreated } from './pglite-init.ts';

export class EmbeddedDatabaseBusyError extends Error {}

/**
 * The embedded database of DATA_DIR for this process alone: refused while another process has it
 * open, created (first start) in a child process, and unlocked when closed.
 */
export async function openEmbeddedDatabase(dataDir: string, role: string): Promise<Database> {
  let lock: ReturnType<typeof lockDataDir>;
  try {
    lock = lockDataDir(dataDir, role);
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    throw new EmbeddedDatabaseBusyError(
      `The embedded database in ${dataDir} is open in ${error.holder.role} (pid ${error.holder.pid}).\n` +
        'PGlite allows one process at a time: stop that process first, or use PostgreSQL (DATABASE_URL).\n' +
        `If no such process runs, delete ${error.lockFile}.`,
    );
  }
  try {
    const path = join(dataDir, 'db');
    if (!isPgliteCreated(path)) await createPgliteInChild(path);
    const database = openDatabase({ kind: 'pglite', dataDir });
    return {
      ...database,
      async close() {
        await database.close();
        lock.release();
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

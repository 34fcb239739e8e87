import { mkdirSync, readFileSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite is one process's database: a second process opening the same files corrupts them, and
 * PGlite itself does not refuse. The server and the admin command hold `DATA_DIR/db.lock` while
 * the database is open; the holder touches it, so a lock left by a killed process goes stale.
 */
const TOUCH_EVERY_MS = 5000;
const STALE_AFTER_MS = 20_000;

export type LockHolder = { pid: number; role: string };

/** Another process (a server, or the admin command) has the embedded database open. */
export class DataDirBusyError extends Error {
  constructor(
    readonly holder: LockHolder,
    readonly lockFile: string,
  ) {
    super(`the embedded database is in use by ${holder.role} (pid ${holder.pid})`);
  }
}

export type DataDirLock = { release(): void };

export const lockFileOf = (dataDir: string) => join(dataDir, 'db.lock');

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): LockHolder | undefined {
  try {
    const touchedAt = statSync(file).mtimeMs;
    const holder = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>;
    if (Date.now() - touchedAt >= STALE_AFTER_MS) return undefined;
    if (typeof holder.pid !== 'number' || typeof holder.role !== 'string') return undefined;
    return { pid: holder.pid, role: holder.role };
  } catch {
    return undefined;
  }
}

/** The live holder of the lock, if any: a crashed holder (kill -9) leaves a lock that is not. */
export function dataDirHolder(dataDir: string): LockHolder | undefined {
  const holder = readHolder(lockFileOf(dataDir));
  // A pid given to us again after a restart (pid 1 in a container) is not another holder.
  if (!holder || holder.pid === process.pid || !isAlive(holder.pid)) return undefined;
  return holder;
}

/** Takes the lock or throws DataDirBusyError naming the process that has the database open. */
export function lockDataDir(dataDir: string, role: string): DataDirLock {
  const file = lockFileOf(dataDir);
  mkdirSync(dataDir, { recursive: true });
  const body = JSON.stringify({ pid: process.pid, role });
  const busy = () =>
    new DataDirBusyError(dataDirHolder(dataDir) ?? { pid: 0, role: 'another process' }, file);
  if (dataDirHolder(dataDir)) throw busy();
  try {
    unlinkSync(file);
  } catch {}
  // Exclusive create: of two processes starting together, one gets the lock.
  try {
    writeFileSync(file, body, { flag: 'wx' });
  } catch {
    throw busy();
  }
  const touch = setInterval(() => {
    const now = new Date();
    try {
      utimesSync(file, now, now);
    } catch {}
  }, TOUCH_EVERY_MS);
  touch.unref();
  return {
    release() {
      clearInterval(touch);
      try {
        if (readFileSync(file, 'utf8') === body) unlinkSync(file);
      } catch {}
    },
  };
}

import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { API } from '@tandem/contract/system';
import { DataDirBusyError, dataDirHolder, lockDataDir } from '../../db/data-dir-lock.ts';
import { openEmbeddedDatabase } from '../../db/open-embedded.ts';
import { isPgliteCreated } from '../../db/pglite-init.ts';
import { type BackupEndpoint, liveBackupEndpoint } from './endpoint-file.ts';

/** A backup or restore that did not happen, with a message for the operator. */
export class BackupError extends Error {}

const GZIP_MAGIC = [0x1f, 0x8b];

async function copyFromServer(endpoint: BackupEndpoint): Promise<Buffer> {
  const server = `the server (pid ${endpoint.pid}) at ${endpoint.url}`;
  const answer = await fetch(`${endpoint.url}${API.backup.path}`, {
    headers: { authorization: `Bearer ${endpoint.token}` },
  }).catch((error: Error) => {
    throw new BackupError(`No answer from ${server}: ${error.message}`);
  });
  if (!answer.ok) throw new BackupError(`${server} refused the backup (HTTP ${answer.status})`);
  return Buffer.from(await answer.arrayBuffer());
}

async function copyFromDataDir(dataDir: string): Promise<Buffer> {
  if (!isPgliteCreated(join(dataDir, 'db'))) {
    throw new BackupError(`There is no embedded database in ${join(dataDir, 'db')}.`);
  }
  const holder = dataDirHolder(dataDir);
  if (holder) {
    throw new BackupError(
      `The embedded database in ${dataDir} is open in ${holder.role} (pid ${holder.pid}), which cannot ` +
        'copy it now (a server still starting, or another command): try again in a moment.',
    );
  }
  const database = await openEmbeddedDatabase(dataDir, 'npm run backup');
  try {
    return Buffer.from(await (await database.backup!()).arrayBuffer());
  } finally {
    await database.close();
  }
}

/**
 * Copies DATA_DIR's embedded database into `file` (a gzipped tar of PGlite's data directory): asked
 * of the server when one runs on it, read directly when none does.
 */
export async function backupEmbedded(dataDir: string, file: string) {
  const endpoint = liveBackupEndpoint(dataDir);
  const copy = endpoint ? await copyFromServer(endpoint) : await copyFromDataDir(dataDir);
  const part = `${file}.part`;
  writeFileSync(part, copy, { mode: 0o600 });
  renameSync(part, file);
  return { bytes: copy.length, isFromRunningServer: endpoint !== undefined };
}

/** Opens the restored files once: PGlite replays their log, and a Tandem database has its migrations. */
async function loadInto(path: string, copy: Buffer) {
  mkdirSync(path, { recursive: true });
  const pglite = new PGlite(path, { loadDataDir: new Blob([copy]) });
  try {
    await pglite.query('select 1 from drizzle.__drizzle_migrations limit 1');
  } finally {
    await pglite.close();
  }
}

/**
 * Replaces DATA_DIR's embedded database with a backup, keeping the one it replaces beside it as
 * `db.before-restore-<time>`. Refused while a server (or another command) has the database open.
 */
export async function restoreEmbedded(dataDir: string, file: string) {
  const endpoint = liveBackupEndpoint(dataDir);
  if (endpoint) {
    throw new BackupError(
      `The server (pid ${endpoint.pid}) is running on ${dataDir}: stop it first, then restore.`,
    );
  }
  let copy: Buffer;
  try {
    copy = readFileSync(file);
  } catch (error) {
    throw new BackupError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  if (GZIP_MAGIC.some((byte, index) => copy[index] !== byte)) {
    throw new BackupError(`${file} is not a backup made by npm run backup (a gzipped tar).`);
  }
  let lock: ReturnType<typeof lockDataDir>;
  try {
    lock = lockDataDir(dataDir, 'npm run restore');
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    const { role, pid } = error.holder;
    throw new BackupError(
      `The embedded database in ${dataDir} is open in ${role} (pid ${pid}): stop it first.`,
    );
  }
  const path = join(dataDir, 'db');
  const keptAs = existsSync(path)
    ? `${path}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`
    : undefined;
  try {
    if (keptAs) renameSync(path, keptAs);
    await loadInto(path, copy);
    return { keptAs };
  } catch (error) {
    rmSync(path, { recursive: true, force: true });
    if (keptAs) renameSync(keptAs, path);
    throw new BackupError(
      `${file} could not be restored (${(error as Error).message}); the database was left as it was.`,
    );
  } finally {
    lock.release();
  }
}

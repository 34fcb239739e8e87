import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { isAlive } from '../../db/data-dir-lock.ts';

/**
 * How `npm run backup` reaches a running server on the same machine: the server's address and a
 * token made at each start, in a file only the account running the server can read. PGlite lets one
 * process open the database, so the copy of a running server's database is made by the server.
 */
export type BackupEndpoint = { pid: number; url: string; token: string };

const fileOf = (dataDir: string) => join(dataDir, 'backup-endpoint.json');

export const newBackupToken = () => randomBytes(32).toString('base64url');

/** A loopback address for a server listening on every interface. */
export function localUrlOf(address: AddressInfo | string | null): string {
  if (!address || typeof address === 'string') throw new Error('the server is not listening on TCP');
  const host =
    address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  return `http://${address.family === 'IPv6' ? `[${host}]` : host}:${address.port}`;
}

export function writeBackupEndpoint(dataDir: string, endpoint: Omit<BackupEndpoint, 'pid'>) {
  const body: BackupEndpoint = { pid: process.pid, ...endpoint };
  writeFileSync(fileOf(dataDir), JSON.stringify(body), { mode: 0o600 });
  return {
    /** Removes the file, unless a newer server wrote its own since. */
    remove() {
      if (readBackupEndpoint(dataDir)?.token === endpoint.token) rmSync(fileOf(dataDir), { force: true });
    },
  };
}

export function readBackupEndpoint(dataDir: string): BackupEndpoint | undefined {
  try {
    const endpoint = JSON.parse(readFileSync(fileOf(dataDir), 'utf8')) as BackupEndpoint;
    return typeof endpoint.url === 'string' && typeof endpoint.token === 'string' ? endpoint : undefined;
  } catch {
    return undefined;
  }
}

/** The endpoint of a server still running: a killed one (kill -9) leaves a file whose process is gone. */
export function liveBackupEndpoint(dataDir: string): BackupEndpoint | undefined {
  const endpoint = readBackupEndpoint(dataDir);
  return endpoint && isAlive(endpoint.pid) ? endpoint : undefined;
}

// No test database: it runs once, on PGlite, not again on PostgreSQL (vitest.config.ts).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirBusyError, lockDataDir, lockFileOf } from './data-dir-lock.ts';

const dataDir = () => mkdtempSync(join(tmpdir(), 'tandem-lock-'));
let holder: ChildProcess | undefined;
afterEach(() => {
  holder?.kill();
  holder = undefined;
});

describe('the embedded database lock', () => {
  it('refuses a second process while the one holding it lives', () => {
    const dir = dataDir();
    holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    writeFileSync(lockFileOf(dir), JSON.stringify({ pid: holder.pid, role: 'the server' }));
    expect(() => lockDataDir(dir, 'the admin command')).toThrow(DataDirBusyError);
    expect(() => lockDataDir(dir, 'the admin command')).toThrow(`the server (pid ${holder.pid})`);
  });

  it('is free again after its holder was killed, and after it let go', () => {
    const dir = dataDir();
    const gone = spawnSync(process.execPath, ['-e', 'process.pid']).pid;
    writeFileSync(lockFileOf(dir), JSON.stringify({ pid: gone, role: 'the server' }));
    const lock = lockDataDir(dir, 'the server');
    lock.release();
    lockDataDir(dir, 'the admin command').release();
  });
});

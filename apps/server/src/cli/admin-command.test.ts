import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.ts';
import type { Database } from '../db/client.ts';
import { lockDataDir } from '../db/data-dir-lock.ts';
import { openEmbeddedDatabase } from '../db/open-embedded.ts';
import { createAccount } from '../modules/user/accounts.ts';
import { SERVER_ROOT } from '../paths.ts';
import { runAdminCommand } from './admin-command.ts';

const isPostgres = process.env.TEST_DATABASE === 'postgres';
const OWNER = 'owner@example.com';
const HELPER = 'helper@example.com';

async function addAccount(database: Database, email: string) {
  await createAccount(database.db, {
    userName: email,
    email,
    phone: null,
    countryCode: null,
    passwordHash: null,
    teamName: email.split('@')[0] ?? email,
    languageKey: 'en-US',
    themeId: 6,
  });
}

/**
 * The command against what an operator has: the embedded database in a DATA_DIR (no server running),
 * or a PostgreSQL database named by DATABASE_URL.
 */
// Each call opens the embedded database as the command does (seconds on a busy machine).
describe(`npm run admin (${isPostgres ? 'PostgreSQL' : 'embedded PGlite'})`, { timeout: 120_000 }, () => {
  const env: NodeJS.ProcessEnv = { NODE_ENV: 'test', LOG_LEVEL: 'silent' };
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    env.DATA_DIR = mkdtempSync(join(tmpdir(), 'tandem-admin-'));
    const database: Database & { url?: string } = isPostgres
      ? await createTestDatabase()
      : await openEmbeddedDatabase(env.DATA_DIR, 'the test set-up');
    if (!isPostgres) await database.migrate();
    await addAccount(database, OWNER);
    await addAccount(database, HELPER);
    if (database.url) {
      env.DATABASE_URL = database.url;
      dropDatabase = () => database.close();
    } else {
      await database.close();
    }
  }, 120_000);
  afterAll(async () => {
    await dropDatabase?.();
  });

  async function admin(...args: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdminCommand(args, env, {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  it('grants, lists and revokes a platform admin by email, in any letter case', async () => {
    expect(await admin('list')).toMatchObject({
      code: 0,
      out: expect.stringContaining('No platform admins yet'),
    });
    const granted = await admin('grant', 'Owner@Example.com');
    expect(granted).toMatchObject({ code: 0, out: expect.stringContaining('is now a platform admin') });
    expect(await admin('grant', OWNER)).toMatchObject({
      code: 0,
      out: `${OWNER} is already a platform admin.`,
    });

    const listed = await admin('list');
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(OWNER);
    expect(listed.out).toContain('admin command');
    expect(listed.out).not.toContain(HELPER);

    expect(await admin('revoke', OWNER)).toMatchObject({
      code: 0,
      out: `${OWNER} is no longer a platform admin.`,
    });
    expect((await admin('list')).out).not.toContain(OWNER);
  });

  it('warns that ADMIN_EMAILS will grant again what is revoked while listed', async () => {
    await admin('grant', HELPER);
    const revoked = await runAdminCommandWith({ ADMIN_EMAILS: HELPER }, 'revoke', HELPER);
    expect(revoked.code).toBe(0);
    expect(revoked.out).toContain('is in ADMIN_EMAILS');
  });

  it('says so when no account has the email, and on a wrong call', async () => {
    expect(await admin('grant', 'nobody@example.com')).toMatchObject({
      code: 1,
      err: 'No account has the email nobody@example.com: they register first, then run this again.',
    });
    expect((await admin('grant')).code).toBe(2);
    expect((await admin('promote', OWNER)).err).toContain('Usage: npm run admin');
  });

  async function runAdminCommandWith(extra: NodeJS.ProcessEnv, ...args: string[]) {
    const out: string[] = [];
    const code = await runAdminCommand(
      args,
      { ...env, ...extra },
      { out: (l) => out.push(l), err: (l) => out.push(l) },
    );
    return { code, out: out.join('\n') };
  }

  it.skipIf(isPostgres)('refuses to open the embedded database while a server has it open', async () => {
    const dataDir = env.DATA_DIR as string;
    // This test process plays the running server; the command runs as its own process, as npm runs it.
    const serverLock = lockDataDir(dataDir, 'the server');
    try {
      const tsx = join(SERVER_ROOT, '../../node_modules/.bin/tsx');
      const run = promisify(execFile)(tsx, [join(SERVER_ROOT, 'src/cli/admin.ts'), 'grant', OWNER], {
        env: { ...process.env, ...env },
      });
      const failure = await run.then(
        () => undefined,
        (error: { code: number; stderr: string }) => error,
      );
      expect(failure?.code).toBe(1);
      expect(failure?.stderr).toContain(`open in the server (pid ${process.pid})`);
      expect(failure?.stderr).toContain('stop that process first');
    } finally {
      serverLock.release();
    }
    expect((await admin('list')).out).not.toContain(OWNER);
  });
});

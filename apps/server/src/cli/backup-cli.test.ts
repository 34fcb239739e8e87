// No test database: it runs once, on PGlite, not again on PostgreSQL (vitest.config.ts).
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

/** Runs a command of apps/server/src/cli as `npm run <name>` would, answering its exit code and output. */
async function command(name: string, args: string[], env: Record<string, string> = {}) {
  const script = join(import.meta.dirname, `${name}.ts`);
  const environment = {
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'tandem-cli-')),
    ...env,
  };
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', script, ...args], {
      env: environment,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe('npm run backup and restore', () => {
  it('point to pg_dump and pg_restore when the database is PostgreSQL', async () => {
    for (const name of ['backup', 'restore']) {
      const answer = await command(name, ['copy.tar.gz'], {
        DATABASE_URL: 'postgres://tandem@127.0.0.1:1/tandem',
      });
      expect(answer.code).toBe(1);
      expect(answer.output).toContain('pg_dump --format=custom');
      expect(answer.output).toContain('pg_restore');
    }
  });

  it('say what is missing', async () => {
    const restore = await command('restore', []);
    expect(restore).toMatchObject({ code: 1, output: expect.stringContaining('npm run restore -- <file>') });
    const backup = await command('backup', [join(tmpdir(), 'never-written.tar.gz')]);
    expect(backup).toMatchObject({
      code: 1,
      output: expect.stringContaining('There is no embedded database'),
    });
  });
});

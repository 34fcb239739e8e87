import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { NO_TEST_DATABASE, opensNoTestDatabase } from './no-test-database.ts';

/**
 * A migrated, empty database for one test file: in-memory PGlite, or a fresh database on the
 * PostgreSQL server the `server-postgres` project started; both copies of one the set-up migrated.
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  const file = expect.getState().testPath;
  if (file && opensNoTestDatabase(file)) {
    throw new Error(
      `${file} opens a test database: take away its "${NO_TEST_DATABASE}" line, so it runs on PostgreSQL too`,
    );
  }
  if (process.env.TEST_DATABASE !== 'postgres') {
    // A copy of the database the set-up migrated (pglite-global-setup.ts).
    const template = new Blob([readFileSync(inject('pgliteTemplate'))]);
    return openDatabase({ kind: 'pglite', template });
  }
  const adminUrl = inject('postgresUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.ts';

const onPostgres = process.env.TEST_DATABASE === 'postgres';

describe.runIf(onPostgres)('a PostgreSQL connection the server drops', () => {
  const opened = createTestDatabase();
  afterAll(async () => (await opened).close());

  it('is replaced on the next query, without ending the process', async () => {
    const database = await opened;
    const rowsOf = async (query: ReturnType<typeof sql>) =>
      ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
    const [{ name } = {}] = await rowsOf(sql`select current_database() as name`);
    // An administrator (or a failover) ends every idle connection of the pool.
    const admin = new pg.Client({ connectionString: inject('postgresUrl') });
    await admin.connect();
    const ended = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    await admin.end();
    expect(ended.rowCount).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await rowsOf(sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });
});

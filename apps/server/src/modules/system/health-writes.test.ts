import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { until } from '../../../test/eventually.ts';
import { useTestApp } from '../../../test/test-app.ts';

const ctx = useTestApp();

const health = async () => {
  const answer = await ctx.app.inject({ method: 'GET', url: '/api/health' });
  return { status: answer.statusCode, body: answer.json() };
};

/** Asks until the answer has `status` (the probe's outcome is kept a second), failing after 15 s. */
function healthUntil(status: number) {
  let last: Awaited<ReturnType<typeof health>> | undefined;
  return until(
    async () => {
      last = await health();
      return last.status === status ? last : undefined;
    },
    `health answering ${status}`,
    { detail: () => `the last answer: ${JSON.stringify(last)}` },
  );
}

describe('GET /api/health when writes fail', () => {
  it('answers 503 degraded while the database refuses every write, and ok again once it takes them', async () => {
    expect((await healthUntil(200)).body.data.status).toBe('ok');
    // What a full disk looks like to the server: every write fails with PostgreSQL's disk_full.
    await ctx.database.db.execute(sql`
      create function refuse_writes() returns trigger language plpgsql as $$
      begin raise exception 'could not extend file: No space left on device' using errcode = '53100'; end $$`);
    await ctx.database.db.execute(
      sql`create trigger refuse_writes before insert or update on system_meta for each row execute function refuse_writes()`,
    );
    try {
      const degraded = await healthUntil(503);
      expect(degraded.status).toBe(503);
      expect(degraded.body).toMatchObject({
        code: 1090,
        data: {
          status: 'degraded',
          reason: 'database_not_writable',
          database: process.env.TEST_DATABASE ?? 'pglite',
        },
      });
      expect(degraded.body.msg).toMatch(/save/i);
    } finally {
      await ctx.database.db.execute(sql`drop trigger refuse_writes on system_meta`);
      await ctx.database.db.execute(sql`drop function refuse_writes()`);
    }
    expect((await healthUntil(200)).body.data.status).toBe('ok');
  });

  it('answers 503 degraded while nothing can be written in DATA_DIR', async () => {
    const { dataDir } = ctx.config;
    const aside = `${dataDir}-aside`;
    await rename(dataDir, aside);
    // A file where the directory was: no root can write under it.
    await writeFile(dataDir, 'not a directory');
    try {
      const degraded = await healthUntil(503);
      expect(degraded.body.data).toMatchObject({ status: 'degraded', reason: 'data_dir_not_writable' });
    } finally {
      await rm(dataDir, { force: true });
      await rename(aside, dataDir).catch(() => mkdir(dataDir, { recursive: true }));
    }
    expect((await healthUntil(200)).status).toBe(200);
  });
});

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle inside `db.transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** What runs a query: the database, or a transaction under way. */
export type Executor = Db | Tx;
export type DatabaseKind = 'pglite' | 'postgres';

export type Database = {
  db: Db;
  kind: DatabaseKind;
  /** PostgreSQL's address, for a connection of its own (the node bus listens on one); none for PGlite. */
  url?: string;
  /**
   * No other process can have it open (a PGlite data directory): whatever other processes left in it
   * is left by processes that are gone.
   */
  isSole: boolean;
  /** Brings the schema up to date; safe to call from many processes at once on PostgreSQL. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * The embedded database's data directory as a gzipped tar, copied while queries wait (as after a
   * crash, a transaction not committed by then is not in it); undefined on PostgreSQL.
   */
  backup?(): Promise<Blob>;
};

/** Any number from 64-bit space; all server processes take this advisory lock before migrating. */
const MIGRATION_LOCK_ID = 7_233_001;

export type DatabaseOptions =
  /** `template`: a dump of a data directory (`dumpDataDir`) the database starts as (tests). */
  | { kind: 'pglite'; dataDir?: string; template?: Blob }
  | { kind: 'postgres'; url: string; poolSize?: number };

export function openDatabase(options: DatabaseOptions): Database {
  return options.kind === 'pglite'
    ? openPglite(options.dataDir, options.template)
    : openPostgres(options.url, options.poolSize);
}

/** `dataDir` undefined means in memory (tests); otherwise the database lives in `<dataDir>/db`. */
function openPglite(dataDir: string | undefined, template?: Blob): Database {
  let path: string | undefined;
  if (dataDir) {
    path = join(dataDir, 'db');
    mkdirSync(path, { recursive: true });
  }
  // pgvector comes with the embedded database; knowledge search uses it for vectors (migration 0020).
  const client = new PGlite({ dataDir: path, loadDataDir: template, extensions: { vector } });
  const pgliteDb = drizzlePglite({ client, schema });
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    isSole: path !== undefined,
    migrate: () => migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
    // Before PGlite is ready, dumpDataDir waits on its own start-up forever.
    backup: async () => {
      await client.waitReady;
      return client.dumpDataDir('gzip');
    },
  };
}

function openPostgres(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection the server drops (a restart, a failover, an administrator's terminate) is
  // removed by the pool and replaced on next use. Unheard, its 'error' event would end the process.
  pool.on('error', (error) => {
    console.warn(`database: an idle connection was lost (${error.message}); it will be replaced`);
  });
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    url,
    isSole: false,
    async migrate() {
      const connection = await pool.connect();
      try {
        await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg({ client: connection, schema }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        connection.release();
      }
    },
    close: () => pool.end(),
  };
}

/** PostgreSQL's unique_violation, as node-postgres and PGlite raise it (drizzle wraps it in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Text matched literally inside a LIKE / ILIKE pattern: its `%`, `_` and `\` lose their meaning. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Runs queries of at most `size` items each, so no statement passes PostgreSQL's parameter limit. */
export async function inChunks<T>(items: readonly T[], size: number, run: (chunk: T[]) => Promise<unknown>) {
  for (let start = 0; start < items.length; start += size) await run(items.slice(start, start + size));
}

/** Ids as a list of SQL parameters, for `in (…)`. */
export const integerList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}::integer`),
    sql`, `,
  );

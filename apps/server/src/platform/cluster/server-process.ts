import { randomUUID } from 'node:crypto';
import { eq, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { serverProcesses } from '../../db/schema.ts';

export type ServerProcessOptions = {
  db: Db;
  /** How often the lease is renewed; three beats missed and the process counts as gone. */
  heartbeatMs: number;
  /** No other process can use the database (a PGlite directory): every other row is a dead one. */
  isSole: boolean;
  log: FastifyBaseLogger;
};

/** A lease this old is a process that died (or is cut off from the database). */
const leaseOf = (heartbeatMs: number) => heartbeatMs * 3;

/**
 * This server process as the others see it: a row in `server_processes` it renews every beat. What
 * it owns in the database (the replies it generates) names its id; others take that back once the
 * lease runs out. Work registered with `onBeat` (the sweep of dead processes' replies) runs at start
 * and at every beat, one beat at a time.
 */
export function createServerProcess({ db, heartbeatMs, isSole, log }: ServerProcessOptions) {
  const id = randomUUID();
  const leaseMs = leaseOf(heartbeatMs);
  const tasks: (() => Promise<unknown>)[] = [];
  let timer: NodeJS.Timeout | undefined;
  let beating: Promise<void> = Promise.resolve();
  const expired = sql`now() - make_interval(secs => ${leaseMs / 1000})`;

  async function renew() {
    const [renewed] = await db
      .update(serverProcesses)
      .set({ heartbeatAt: sql`now()` })
      .where(eq(serverProcesses.id, id))
      .returning({ id: serverProcesses.id });
    // Taken for dead (a long pause): back in, what it owned has been taken back already.
    if (!renewed) await db.insert(serverProcesses).values({ id }).onConflictDoNothing();
    await db.delete(serverProcesses).where(lt(serverProcesses.heartbeatAt, expired));
  }

  async function beat() {
    try {
      await renew();
      for (const task of tasks) await task();
    } catch (error) {
      log.warn({ err: error }, 'server process heartbeat failed');
    }
  }

  return {
    id,
    leaseMs,

    /** Work to do at start and at every beat. */
    onBeat(task: () => Promise<unknown>) {
      tasks.push(task);
    },

    /** Joins the processes (once the schema exists) and starts beating. */
    async start() {
      if (isSole) await db.delete(serverProcesses).where(ne(serverProcesses.id, id));
      await db.insert(serverProcesses).values({ id }).onConflictDoNothing();
      beating = beat();
      await beating;
      timer = setInterval(() => {
        beating = beating.then(beat);
      }, heartbeatMs);
      timer.unref();
    },

    /** Leaves: what it still owned is then anyone's to take back at once. */
    async close() {
      clearInterval(timer);
      await beating;
      await db
        .delete(serverProcesses)
        .where(eq(serverProcesses.id, id))
        .catch((error: unknown) => log.warn({ err: error }, 'server process row not removed'));
    },

    /** True (SQL) where `owner` names a process other than this one that is gone. */
    isGone(owner: AnyPgColumn): SQL {
      return sql`(${owner} is null or (${owner} <> ${id} and not exists (
        select 1 from ${serverProcesses} where ${serverProcesses.id} = ${owner}
          and ${serverProcesses.heartbeatAt} > ${expired})))`;
    },
  };
}

export type ServerProcess = ReturnType<typeof createServerProcess>;

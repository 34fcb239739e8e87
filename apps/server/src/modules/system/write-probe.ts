import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DegradedHealthData } from '@tandem/contract/system';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { systemMeta } from '../../db/schema.ts';

export type WriteProbeTarget = {
  db: Db;
  /** DATA_DIR, where it holds the embedded database or the uploads; undefined when nothing is kept there. */
  dataDir: string | undefined;
  log: FastifyBaseLogger;
};
type Outcome = DegradedHealthData['reason'] | undefined;

const PROBE_KEY = 'health_probe';

/**
 * Whether the server can still write, which a read (`select 1`) does not tell: a committed upsert of one
 * row (its commit must reach the write-ahead log, so a full disk fails it), and a small new file in
 * DATA_DIR. Concurrent callers share one probe and its outcome, good or bad, is kept for `maxAgeMs`,
 * so a load balancer polling hard costs one write a second. Answers the reason it failed, if it did.
 */
export function createWriteProbe({ db, dataDir, log }: WriteProbeTarget, maxAgeMs = 1000) {
  let checkedAt = Number.NEGATIVE_INFINITY;
  let outcome: Outcome;
  let inFlight: Promise<Outcome> | undefined;

  async function writeRow() {
    await db
      .insert(systemMeta)
      .values({ key: PROBE_KEY, value: { pid: process.pid } })
      .onConflictDoUpdate({
        target: systemMeta.key,
        set: { value: { pid: process.pid }, updatedAt: sql`now()` },
      });
  }

  async function writeFileInDataDir(directory: string) {
    const path = join(directory, `.health-probe-${process.pid}`);
    await writeFile(path, String(Date.now()), { flag: 'w' });
    await rm(path, { force: true });
  }

  async function probe(): Promise<Outcome> {
    const failed = (reason: NonNullable<Outcome>) => (error: unknown) => {
      if (outcome !== reason) log.warn({ err: error }, `health: ${reason}`);
      return reason;
    };
    const fromDatabase = await writeRow().then(() => undefined, failed('database_not_writable'));
    if (fromDatabase || !dataDir) return fromDatabase;
    return writeFileInDataDir(dataDir).then(() => undefined, failed('data_dir_not_writable'));
  }

  return function check(): Promise<Outcome> {
    if (performance.now() - checkedAt < maxAgeMs) return Promise.resolve(outcome);
    inFlight ??= probe()
      .then((result) => {
        outcome = result;
        checkedAt = performance.now();
        return result;
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };
}

import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { knowledgeIndexStates } from '../../db/schema.ts';
import type { ServerProcess } from '../../platform/cluster/server-process.ts';
import { markStaleForIndexing } from './index-state.ts';
import { indexDocument, markIndexFailed } from './indexing.ts';
import { markStalePdfsForIndexing } from './pdf-content.ts';
import { analyzeTerms, termStatistics } from './term-statistics.ts';

/** Documents one process claims at a time: a few, so a backlog never holds the database for long. */
const CLAIM_BATCH = 4;
/** A claim older than this is taken for abandoned even if its process still beats (a stuck job). */
const CLAIM_STALE_MINUTES = 10;
/**
 * Documents indexed between two ANALYZEs of the chunks, whose term statistics pick what a search
 * ranks (`term-statistics.ts`). PGlite has no autovacuum to keep them; on PostgreSQL it is harmless.
 */
const ANALYZE_EVERY_DOCS = 100;

export type KnowledgeIndexer = ReturnType<typeof createKnowledgeIndexer>;

/**
 * Keeps every document's chunks up to date with its stored content. Stores mark a document
 * `indexing` (`markForIndexing`); each server process polls for documents quiet for `delayMs` (so a
 * burst of edits is indexed once, a few seconds after the last) and claims a few at a time, so that
 * processes sharing the database never index the same document at once. A claim of a process that
 * is gone, such as `indexing` left by a crash, is anyone's again.
 */
export function createKnowledgeIndexer(options: {
  db: Db;
  owner: ServerProcess;
  log: FastifyBaseLogger;
  delayMs: number;
}) {
  const { db, owner, log, delayMs } = options;
  const pollMs = Math.min(1000, Math.max(100, Math.round(delayMs / 3)));
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let isStopped = false;
  let indexedSinceAnalyze = 0;

  async function claim(): Promise<number[]> {
    const claimed = await db.execute(sql`update knowledge_index_states
      set claimed_by = ${owner.id}, claimed_at = now()
      where document_id in (
        select document_id from knowledge_index_states
        where state = 'indexing' and changed_at <= now() - make_interval(secs => ${delayMs / 1000})
          and (${owner.isGone(knowledgeIndexStates.claimedBy)}
            or claimed_at < now() - make_interval(mins => ${CLAIM_STALE_MINUTES}))
        order by changed_at limit ${CLAIM_BATCH}
        for update skip locked)
      returning document_id as "documentId"`);
    return (claimed as unknown as { rows: { documentId: number }[] }).rows.map((row) =>
      Number(row.documentId),
    );
  }

  const release = (documentId: number) =>
    db
      .update(knowledgeIndexStates)
      .set({ claimedBy: null, claimedAt: null })
      .where(
        and(eq(knowledgeIndexStates.documentId, documentId), eq(knowledgeIndexStates.claimedBy, owner.id)),
      );

  async function indexOne(documentId: number) {
    try {
      const outcome = await indexDocument(db, documentId);
      if (outcome === 'ready') indexedSinceAnalyze++;
      if (outcome === 'changed') await release(documentId);
      if (outcome === 'failed')
        log.warn({ documentId }, 'a document’s content could not be read to index it');
    } catch (error) {
      log.error({ err: error, documentId }, 'indexing a document failed');
      await markIndexFailed(db, documentId).catch(() => {});
    }
  }

  /** Indexes what is due, batch after batch while there is a backlog; answers whether more may wait. */
  async function round(): Promise<boolean> {
    const claimed = await claim();
    for (const documentId of claimed) {
      if (isStopped) {
        await release(documentId);
        continue;
      }
      await indexOne(documentId);
    }
    if (indexedSinceAnalyze >= ANALYZE_EVERY_DOCS) {
      indexedSinceAnalyze = 0;
      await analyzeTerms(db);
    }
    return claimed.length === CLAIM_BATCH;
  }

  function schedule(ms: number) {
    if (isStopped) return;
    timer = setTimeout(() => {
      running = round().then(
        (hasMore) => schedule(hasMore ? 0 : pollMs),
        (error: unknown) => {
          log.warn({ err: error }, 'looking for documents to index failed');
          schedule(pollMs);
        },
      );
    }, ms);
    timer.unref();
  }

  return {
    /** Once the schema exists: marks what start-up finds stale, makes term statistics if none, then polls. */
    async start() {
      await markStaleForIndexing(db);
      await markStalePdfsForIndexing(db);
      if (!(await termStatistics(db))) await analyzeTerms(db);
      schedule(0);
    },

    /** Stops polling and waits for the document being indexed (the rest of its batch is released). */
    async close() {
      isStopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

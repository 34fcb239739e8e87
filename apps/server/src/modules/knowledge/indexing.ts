import { createHash } from 'node:crypto';
import type { KnowledgeIndexError } from '@tandem/contract/knowledge';
import { eq, sql } from 'drizzle-orm';
import { type Db, inChunks, type Tx } from '../../db/client.ts';
import { knowledgeChunks, knowledgeIndexStates } from '../../db/schema.ts';
import { runHeavy } from '../../platform/workers/index.ts';
import { holdProject } from '../project/index.ts';
import type { Chunk } from './chunking.ts';
import { CHUNKER_VERSION } from './index-state.ts';
import { readPdfSource } from './pdf-content.ts';
import { indexTerms } from './search-tokens.ts';

/** What became of one document: indexed, failed, or left for later (gone, or changed meanwhile). */
export type IndexOutcome = 'ready' | 'unchanged' | 'failed' | 'changed' | 'gone';

type Source = {
  projectId: number;
  teamId: number;
  state: Uint8Array | null;
  /** `document_states.updated_at` as PostgreSQL writes it (microseconds, which a JS Date would lose). */
  sourceAt: string | null;
};

async function readSource(db: Db, documentId: number): Promise<Source | undefined> {
  const result = await db.execute(sql`select d.project_id as "projectId", p.team_id as "teamId",
      s.state, s.updated_at::text as "sourceAt"
    from documents d join projects p on p.id = d.project_id
    left join document_states s on s.document_id = d.id
    where d.id = ${documentId} and d.kind = 'doc' and d.deleted_at is null`);
  const [row] = (result as unknown as { rows: Source[] }).rows;
  if (!row) return undefined;
  return { ...row, state: row.state ? new Uint8Array(row.state) : null };
}

/**
 * The document's chunks, or undefined when its stored state cannot be read as a document: chunked in
 * the worker pool, queued behind its team's own work.
 */
async function chunksOf(teamId: number, state: Uint8Array | null): Promise<Chunk[] | undefined> {
  if (!state) return [];
  return (await runHeavy(teamId, 'knowledge.chunkState', { state })) ?? undefined;
}

const hashOf = (chunks: Chunk[]) =>
  `${CHUNKER_VERSION}:${createHash('sha256').update(JSON.stringify(chunks)).digest('base64url')}`;

/** A chunk's full-text terms: the headings above it weigh more than its text. */
const termsOf = (chunk: Chunk) =>
  sql`setweight(to_tsvector('simple', ${indexTerms(chunk.heading)}), 'C')
    || to_tsvector('simple', ${indexTerms(chunk.text)})`;

/** Replaces a document's chunks, in the caller's transaction (the benchmark seeds with it too). */
export async function replaceChunks(
  tx: Tx,
  documentId: number,
  source: { projectId: number; teamId: number },
  chunks: Chunk[],
) {
  await tx.delete(knowledgeChunks).where(eq(knowledgeChunks.documentId, documentId));
  await inChunks(chunks, 500, (batch) =>
    tx.insert(knowledgeChunks).values(
      batch.map((chunk) => ({
        documentId,
        ordinal: chunk.ordinal,
        projectId: source.projectId,
        teamId: source.teamId,
        heading: chunk.heading,
        text: chunk.text,
        page: chunk.page,
        terms: termsOf(chunk),
      })),
    ),
  );
}

/**
 * Indexes one document from its stored content: its chunks replaced in one transaction, or kept when
 * their hash shows nothing changed. The document's row is share-locked (after its project's), as a store locks it,
 * so a store waits for this and the check that the content read is still the stored one holds until
 * commit; content stored meanwhile leaves the document `indexing` for the next round.
 */
export async function indexDocument(db: Db, documentId: number): Promise<IndexOutcome> {
  const source = (await readSource(db, documentId)) ?? (await readPdfSource(db, documentId));
  if (!source) return 'gone';
  const chunks = 'chunks' in source ? source.chunks : await chunksOf(source.teamId, source.state);
  const error: KnowledgeIndexError | null = chunks ? null : 'unreadable';
  const hash = chunks ? hashOf(chunks) : null;
  return db.transaction(async (tx) => {
    await holdProject(tx, source.projectId);
    const locked = await tx.execute(sql`select id from documents where id = ${documentId} for share`);
    if ((locked as unknown as { rows: unknown[] }).rows.length === 0) return 'gone';
    const current = await tx.execute(
      sql`select updated_at::text as "sourceAt" from document_states where document_id = ${documentId}`,
    );
    const [stored] = (current as unknown as { rows: { sourceAt: string }[] }).rows;
    if ((stored?.sourceAt ?? null) !== source.sourceAt) return 'changed';
    const [previous] = await tx
      .select({ contentHash: knowledgeIndexStates.contentHash })
      .from(knowledgeIndexStates)
      .where(eq(knowledgeIndexStates.documentId, documentId))
      .for('update');
    const isUnchanged = hash !== null && previous?.contentHash === hash;
    if (!isUnchanged) await replaceChunks(tx, documentId, source, chunks ?? []);
    const state = {
      state: error ? ('failed' as const) : ('ready' as const),
      error,
      contentHash: hash,
      sourceAt: source.sourceAt === null ? null : sql`${source.sourceAt}::timestamptz`,
      indexedAt: sql`now()`,
      changedAt: sql`now()`,
      claimedBy: null,
      claimedAt: null,
    };
    await tx
      .insert(knowledgeIndexStates)
      .values({ documentId, projectId: source.projectId, ...state })
      .onConflictDoUpdate({ target: knowledgeIndexStates.documentId, set: state });
    return error ? 'failed' : isUnchanged ? 'unchanged' : 'ready';
  });
}

/** A failure of the server's own (the database, a bug): failed `internal`, tried again at the next start. */
export async function markIndexFailed(db: Db, documentId: number) {
  await db
    .update(knowledgeIndexStates)
    .set({ state: 'failed', error: 'internal', changedAt: sql`now()`, claimedBy: null, claimedAt: null })
    .where(eq(knowledgeIndexStates.documentId, documentId));
}

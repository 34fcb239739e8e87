import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { EmbeddingModel, Embeddings } from '../../platform/llm/embeddings.ts';
import { isLlmError } from '../../platform/llm/llm.ts';
import {
  embeddedHashes,
  ensureVectorIndex,
  normalized,
  type VectorBackend,
  writeEmbeddings,
} from './vector-store.ts';

/** Documents embedded in one round; the next round follows at once while there are more. */
const DOCUMENTS_PER_ROUND = 8;
/** A document whose embedding failed is tried again after this long (or at its next change). */
export const EMBEDDING_RETRY_SECONDS = 60;
/** After a failed call, the worker waits this long before the next round (the provider may be down). */
const PAUSE_AFTER_FAILURE_MS = 5_000;

/** A chunk's identity as embeddings keep it: the md5 of its headings and text, made by the database. */
export const chunkHashSql = sql`md5(heading || E'\\n' || text)`;

/** The text a chunk is embedded as: its headings give the passage its subject. */
export const embeddingTextOf = (chunk: { heading: string; text: string }) =>
  chunk.heading ? `${chunk.heading}\n${chunk.text}` : chunk.text;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

type DueDocument = { documentId: number; projectId: number; contentHash: string };

/**
 * Documents whose chunks need vectors of `model`: indexed (or failed to embed a while ago) from
 * content, or by a model, other than their vectors were made from.
 */
async function dueDocuments(db: Db, model: EmbeddingModel): Promise<DueDocument[]> {
  const rows = rowsOf<DueDocument>(
    await db.execute(sql`select s.document_id as "documentId", s.project_id as "projectId",
        s.content_hash as "contentHash"
      from knowledge_index_states s
      left join knowledge_embedding_states e on e.document_id = s.document_id
      where s.content_hash is not null
        and (s.state = 'ready' or (s.state = 'failed' and s.error = 'embedding_failed'
          and s.changed_at < now() - make_interval(secs => ${EMBEDDING_RETRY_SECONDS})))
        and (e.document_id is null or e.model_id <> ${model.id} or e.model_key <> ${model.modelKey}
          or e.content_hash <> s.content_hash)
      order by s.changed_at limit ${DOCUMENTS_PER_ROUND}`),
  );
  return rows.map((row) => ({
    ...row,
    documentId: Number(row.documentId),
    projectId: Number(row.projectId),
  }));
}

type Outcome = 'embedded' | 'changed' | 'failed';

/**
 * Gives a document's chunks vectors of `model`: those whose text already has one keep it, the others
 * are embedded (outside any transaction: the provider may take seconds), then written in one
 * transaction with the document's embedding state, unless its content changed meanwhile. Vectors of
 * other models, and of text the document no longer holds, go.
 */
export async function embedDocument(
  db: Db,
  deps: { embeddings: Embeddings; backend: VectorBackend },
  model: EmbeddingModel,
  due: DueDocument,
): Promise<Outcome> {
  const chunks = rowsOf<{ heading: string; text: string; hash: string }>(
    await db.execute(sql`select heading, text, ${chunkHashSql} as hash from knowledge_chunks
      where document_id = ${due.documentId} order by ordinal`),
  );
  const have = await embeddedHashes(db, deps.backend, due.documentId, model);
  const missing = [...new Map(chunks.filter((c) => !have.has(c.hash)).map((c) => [c.hash, c])).values()];
  let vectors: Float32Array[];
  try {
    vectors = await deps.embeddings.embed(model, missing.map(embeddingTextOf));
  } catch (error) {
    if (!isLlmError(error)) throw error;
    await db.execute(sql`update knowledge_index_states
      set state = 'failed', error = 'embedding_failed', changed_at = now()
      where document_id = ${due.documentId} and content_hash = ${due.contentHash}
        and (state = 'ready' or error = 'embedding_failed')`);
    return 'failed';
  }
  const dimensions = vectors[0]?.length;
  if (deps.backend === 'pgvector' && dimensions) await ensureVectorIndex(db, model, dimensions);
  return db.transaction(async (tx) => {
    const [current] = rowsOf<{ contentHash: string | null }>(
      await tx.execute(sql`select content_hash as "contentHash" from knowledge_index_states
        where document_id = ${due.documentId} for update`),
    );
    if (current?.contentHash !== due.contentHash) return 'changed';
    const hashes = chunks.map((chunk) => chunk.hash);
    await tx.execute(sql`delete from knowledge_embeddings where document_id = ${due.documentId}
      and (model_id <> ${model.id} or model_key <> ${model.modelKey}
        ${
          hashes.length > 0
            ? sql`or chunk_hash not in (${sql.join(
                hashes.map((hash) => sql`${hash}`),
                sql`, `,
              )})`
            : sql`or true`
        })`);
    await writeEmbeddings(
      tx,
      deps.backend,
      { documentId: due.documentId, projectId: due.projectId, model },
      missing.map((chunk, i) => ({ chunkHash: chunk.hash, vector: normalized(vectors[i] as Float32Array) })),
    );
    await tx.execute(sql`insert into knowledge_embedding_states (document_id, model_id, model_key, content_hash)
      values (${due.documentId}, ${model.id}, ${model.modelKey}, ${due.contentHash})
      on conflict (document_id) do update set model_id = excluded.model_id, model_key = excluded.model_key,
        content_hash = excluded.content_hash, embedded_at = now()`);
    await tx.execute(sql`update knowledge_index_states set state = 'ready', error = null, changed_at = now()
      where document_id = ${due.documentId} and state = 'failed' and error = 'embedding_failed'`);
    return 'embedded';
  });
}

export type EmbeddingWorker = ReturnType<typeof createEmbeddingWorker>;

/**
 * Keeps chunk vectors up to date with the platform's embedding model, polling like the indexer. With
 * no embedding model it does nothing (search is full-text only). A new model, or a model's key
 * edited, embeds every document again, and each document's vectors of the previous model go as its
 * new ones are written; deleting the model deletes its vectors with it.
 */
export function createEmbeddingWorker(options: {
  db: Db;
  embeddings: Embeddings;
  backend: () => Promise<VectorBackend>;
  log: FastifyBaseLogger;
  pollMs: number;
}) {
  const { db, embeddings, log, pollMs } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let isStopped = false;

  /** Answers how long to wait before the next round. */
  async function round(): Promise<number> {
    const model = await embeddings.activeModel();
    if (!model) return pollMs;
    const backend = await options.backend();
    const due = await dueDocuments(db, model);
    for (const document of due) {
      if (isStopped) return pollMs;
      const outcome = await embedDocument(db, { embeddings, backend }, model, document);
      if (outcome === 'failed') return PAUSE_AFTER_FAILURE_MS;
    }
    return due.length === DOCUMENTS_PER_ROUND ? 0 : pollMs;
  }

  function schedule(ms: number) {
    if (isStopped) return;
    timer = setTimeout(() => {
      running = round().then(schedule, (error: unknown) => {
        log.warn({ err: error }, 'embedding documents for search failed');
        schedule(PAUSE_AFTER_FAILURE_MS);
      });
    }, ms);
    timer.unref();
  }

  return {
    start() {
      schedule(0);
    },
    async close() {
      isStopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

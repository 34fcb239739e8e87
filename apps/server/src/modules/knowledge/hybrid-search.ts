import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, integerList } from '../../db/client.ts';
import type { EmbeddingModel, Embeddings } from '../../platform/llm/embeddings.ts';
import { isLlmError } from '../../platform/llm/llm.ts';
import { chunkHashSql } from './embedding-worker.ts';
import type { RankedChunk } from './search.ts';
import { nearestChunks, type VectorBackend, type VectorHit } from './vector-store.ts';

/** Reciprocal rank fusion's constant: a result's share is 1 / (RRF_K + its rank in a list). */
export const RRF_K = 60;
/** Results each list brings to the fusion, whatever the caller's limit. */
export const FUSION_CANDIDATES = 50;
/**
 * Cosine similarity below which a chunk is not a vector hit: nearest is not the same as near, and a
 * project's unrelated documents would otherwise join every result list. Unrelated texts score about
 * 0.1 with common embedding models, and about 0 with the test embedder.
 */
export const VECTOR_SIMILARITY_MIN = 0.25;
/** A query that cannot be embedded this fast is answered from full text alone. */
const QUERY_EMBED_TIMEOUT_MS = 5_000;

export type VectorSearch = {
  embeddings: Embeddings;
  backend: () => Promise<VectorBackend>;
  log: FastifyBaseLogger;
};

/** The vector search of each database the app opened: search and retrieval find it by the database. */
const vectorSearches = new WeakMap<Db, VectorSearch>();

/** Makes search on `db` hybrid whenever an embedding model is active; answers a function that undoes it. */
export function useVectorSearch(db: Db, search: VectorSearch): () => void {
  vectorSearches.set(db, search);
  return () => {
    if (vectorSearches.get(db) === search) vectorSearches.delete(db);
  };
}

/** The embedding model search on `db` would use, if any. */
export async function activeEmbeddingModel(db: Db): Promise<EmbeddingModel | undefined> {
  return vectorSearches.get(db)?.embeddings.activeModel();
}

/** The chunks of vector hits that still hold the text the vectors were made from, in the hits' order. */
async function chunksOfHits(
  db: Db,
  projectIds: readonly number[],
  hits: VectorHit[],
): Promise<RankedChunk[]> {
  if (hits.length === 0) return [];
  const documentIds = [...new Set(hits.map((hit) => hit.documentId))];
  const hashes = [...new Set(hits.map((hit) => hit.chunkHash))];
  const rows = (
    (await db.execute(sql`select c.document_id as "documentId", d.uniq_code as "documentUniqCode",
        d.name as "documentName", d.kind as "documentKind", d.project_id as "projectId", c.ordinal, c.heading, c.text, c.page,
        ${chunkHashSql} as hash
      from knowledge_chunks c join documents d on d.id = c.document_id
      where c.document_id in (${integerList(documentIds)}) and c.project_id in (${integerList(projectIds)})
        and ${chunkHashSql} in (${sql.join(
          hashes.map((hash) => sql`${hash}`),
          sql`, `,
        )})
      order by c.ordinal`)) as unknown as { rows: (RankedChunk & { hash: string })[] }
  ).rows;
  const byKey = new Map<string, RankedChunk>();
  for (const row of rows) {
    const key = `${row.documentId}/${row.hash}`;
    if (byKey.has(key)) continue;
    byKey.set(key, {
      documentId: Number(row.documentId),
      documentUniqCode: row.documentUniqCode,
      documentName: row.documentName,
      documentKind: row.documentKind,
      projectId: Number(row.projectId),
      ordinal: Number(row.ordinal),
      heading: row.heading,
      text: row.text,
      page: row.page === null ? null : Number(row.page),
      score: 0,
    });
  }
  return hits.flatMap((hit) => {
    const chunk = byKey.get(`${hit.documentId}/${hit.chunkHash}`);
    return chunk ? [{ ...chunk, score: hit.similarity }] : [];
  });
}

/** At most `perDocument` chunks of each document, in the list's order. */
function capPerDocument(chunks: readonly RankedChunk[], perDocument: number): RankedChunk[] {
  const counts = new Map<number, number>();
  return chunks.filter((chunk) => {
    const count = counts.get(chunk.documentId) ?? 0;
    counts.set(chunk.documentId, count + 1);
    return count < perDocument;
  });
}

/**
 * Reciprocal rank fusion of ranked lists: each result scores the sum of 1 / (RRF_K + rank) over the
 * lists holding it. With one result a document, a document is one result whichever of its chunks
 * each list found (shown with the first list's chunk, whose words match the query); otherwise a
 * result is a chunk. Ties keep the first list's order.
 */
export function fuseByRank(lists: readonly (readonly RankedChunk[])[], perDocument: number, limit: number) {
  const keyOf = (chunk: RankedChunk) =>
    perDocument === 1 ? `${chunk.documentId}` : `${chunk.documentId}/${chunk.ordinal}`;
  const fused = new Map<string, { chunk: RankedChunk; score: number; order: number }>();
  let order = 0;
  for (const list of lists) {
    capPerDocument(list, perDocument).forEach((chunk, index) => {
      const key = keyOf(chunk);
      const share = 1 / (RRF_K + index + 1);
      const entry = fused.get(key);
      if (entry) entry.score += share;
      else fused.set(key, { chunk, score: share, order: order++ });
    });
  }
  const ranked = [...fused.values()].sort((a, b) => b.score - a.score || a.order - b.order);
  return capPerDocument(
    ranked.map(({ chunk, score }) => ({ ...chunk, score: Math.round(score * 1e6) / 1e6 })),
    perDocument,
  ).slice(0, limit);
}

/**
 * Full-text results made hybrid: when an embedding model is active, the query is embedded and the
 * nearest chunks of the same projects are fused with `fullText` (ranked with FUSION_CANDIDATES). If
 * the query cannot be embedded, full text answers alone.
 */
export async function withVectorResults(
  db: Db,
  input: { projectIds: readonly number[]; query: string; limit: number; perDocument: number },
  model: EmbeddingModel,
  fullText: RankedChunk[],
): Promise<RankedChunk[]> {
  const search = vectorSearches.get(db);
  if (!search || input.projectIds.length === 0) return fullText.slice(0, input.limit);
  let nearest: RankedChunk[];
  try {
    const [query] = await search.embeddings.embed(model, [input.query], {
      timeoutMs: QUERY_EMBED_TIMEOUT_MS,
      attempts: 1,
    });
    const hits = await nearestChunks(db, await search.backend(), {
      projectIds: input.projectIds,
      model,
      query: query as Float32Array,
      limit: FUSION_CANDIDATES * 2,
    });
    const near = hits.filter((hit) => hit.similarity >= VECTOR_SIMILARITY_MIN);
    nearest = await chunksOfHits(db, input.projectIds, near);
  } catch (error) {
    if (!isLlmError(error)) throw error;
    search.log.warn({ reason: error.message }, 'a search query could not be embedded: full text only');
    return fullText.slice(0, input.limit);
  }
  return fuseByRank([fullText, nearest], input.perDocument, input.limit);
}

import { sql } from 'drizzle-orm';
import { type Db, integerList, type Tx } from '../../db/client.ts';

/**
 * Where chunk vectors are compared. `pgvector`: the database has the extension (migration 0020 added
 * `knowledge_embeddings.vec`) and orders by `<=>`, cosine distance. `array`: the server reads a
 * project's Float32 vectors once into a matrix, kept while the project's vectors stay the same, and
 * takes dot products (vectors are stored at length 1, so a dot product is the cosine).
 */
export type VectorBackend = 'pgvector' | 'array';

/** A chunk's vector, by document and chunk text hash, with how near it is to the query (cosine). */
export type VectorHit = { documentId: number; chunkHash: string; similarity: number };

export type VectorModel = { id: number; modelKey: string };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Whether the database has pgvector's column; `array` when configured so. */
export async function detectVectorBackend(db: Db, preference: 'auto' | 'array'): Promise<VectorBackend> {
  if (preference === 'array') return 'array';
  const found = await db.execute(sql`select 1 from information_schema.columns
    where table_name = 'knowledge_embeddings' and column_name = 'vec' and table_schema = current_schema()`);
  return rowsOf(found).length > 0 ? 'pgvector' : 'array';
}

/** `vector` scaled to length 1 (a zero vector stays as it is). */
export function normalized(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const length = Math.sqrt(sum);
  if (length === 0 || Math.abs(length - 1) < 1e-6) return vector;
  return vector.map((value) => value / length);
}

export const bytesOf = (vector: Float32Array) =>
  Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);

const pgvectorText = (vector: Float32Array) => `[${Array.from(vector).join(',')}]`;

export type NewEmbedding = { chunkHash: string; vector: Float32Array };

/** Stores a document's new chunk vectors (already normalised), in the caller's transaction. */
export async function writeEmbeddings(
  tx: Tx,
  backend: VectorBackend,
  target: { documentId: number; projectId: number; model: VectorModel },
  rows: readonly NewEmbedding[],
) {
  const { documentId, projectId, model } = target;
  for (let start = 0; start < rows.length; start += 200) {
    const values = rows.slice(start, start + 200).map(
      (row) =>
        sql`(${documentId}::integer, ${row.chunkHash}, ${model.id}::integer, ${model.modelKey},
          ${projectId}::integer, ${row.vector.length}::integer, ${bytesOf(row.vector)}::bytea
          ${backend === 'pgvector' ? sql`, ${pgvectorText(row.vector)}::vector` : sql``})`,
    );
    await tx.execute(sql`insert into knowledge_embeddings (document_id, chunk_hash, model_id, model_key,
        project_id, dimensions, embedding ${backend === 'pgvector' ? sql`, vec` : sql``})
      values ${sql.join(values, sql`, `)}
      on conflict (model_id, document_id, chunk_hash) do update set model_key = excluded.model_key,
        project_id = excluded.project_id, dimensions = excluded.dimensions, embedding = excluded.embedding,
        created_at = now()
        ${backend === 'pgvector' ? sql`, vec = excluded.vec` : sql``}`);
  }
}

/** pgvector's HNSW indexes take vectors of at most this many dimensions. */
const HNSW_DIMENSIONS_MAX = 2000;
/** Candidates an HNSW search keeps while it walks the graph (pgvector's default is 40). */
const HNSW_EF_SEARCH = 100;
const madeIndexes = new Set<string>();

/**
 * An HNSW index over one model's vectors of one length (an index needs a fixed length, and models
 * differ), made the first time the worker writes them, while there are few: a large project's
 * nearest chunks then come from the graph, a small project's from its own rows (the planner picks).
 * The index of a model deleted later is left, empty. Past HNSW's dimension limit, vectors are
 * compared one by one.
 */
export async function ensureVectorIndex(db: Db, model: VectorModel, dimensions: number) {
  const name = `knowledge_embeddings_hnsw_${Math.trunc(model.id)}_${Math.trunc(dimensions)}`;
  if (madeIndexes.has(name) || dimensions > HNSW_DIMENSIONS_MAX) return;
  try {
    await db.execute(
      sql.raw(`create index if not exists ${name} on knowledge_embeddings
        using hnsw ((vec::vector(${Math.trunc(dimensions)})) vector_cosine_ops)
        where model_id = ${Math.trunc(model.id)} and dimensions = ${Math.trunc(dimensions)}`),
    );
  } catch (error) {
    // Another process made it at the same moment.
    if (!String((error as { cause?: unknown }).cause ?? error).includes('already exists')) throw error;
  }
  madeIndexes.add(name);
}

/** The chunk hashes of a document that have a usable vector of `model`. */
export async function embeddedHashes(
  db: Db | Tx,
  backend: VectorBackend,
  documentId: number,
  model: VectorModel,
) {
  const rows = rowsOf<{ hash: string }>(
    await db.execute(sql`select chunk_hash as hash from knowledge_embeddings
      where model_id = ${model.id} and document_id = ${documentId} and model_key = ${model.modelKey}
        ${backend === 'pgvector' ? sql`and vec is not null` : sql``}`),
  );
  return new Set(rows.map((row) => row.hash));
}

/** A project's vectors of one model as one matrix, and the version of the project's vectors it holds. */
type Matrix = {
  version: string;
  loadedAt: number;
  dimensions: number;
  documentIds: Int32Array;
  hashes: string[];
  values: Float32Array;
};

/** Floats of matrices kept at most (256 MB): the projects searched least lately go first. */
const CACHED_FLOATS_MAX = 64 * 1024 * 1024;
const matrices = new Map<string, Matrix>();
/**
 * A matrix is read afresh at least this often: two processes writing a project's vectors at once may
 * commit them out of the order of their timestamps, which the latest write alone would not show.
 */
const MATRIX_MAX_AGE_MS = 60_000;

function remember(key: string, matrix: Matrix) {
  matrices.delete(key);
  matrices.set(key, matrix);
  let total = 0;
  for (const kept of matrices.values()) total += kept.values.length;
  for (const [oldest, kept] of matrices) {
    if (total <= CACHED_FLOATS_MAX || oldest === key) break;
    total -= kept.values.length;
    matrices.delete(oldest);
  }
}

/**
 * The project's vectors of the model: from this process's cache while no vector of the project was
 * written since (its latest write, read from an index on every call so every process sees every
 * change). Vectors deleted since may stay in the cache: their chunks are gone, and hits are read back
 * through the chunks (`hybrid-search.ts`), so they are never answered.
 */
async function projectMatrix(db: Db, projectId: number, model: VectorModel, dimensions: number) {
  const scope = sql`project_id = ${projectId} and model_id = ${model.id} and model_key = ${model.modelKey}
    and dimensions = ${dimensions}`;
  const [state] = rowsOf<{ version: string | null }>(
    await db.execute(sql`select max(created_at)::text as version from knowledge_embeddings
      where project_id = ${projectId} and model_id = ${model.id}`),
  );
  const key = `${projectId}/${model.id}/${model.modelKey}/${dimensions}`;
  const cached = matrices.get(key);
  if (
    cached &&
    cached.version === (state?.version ?? '') &&
    Date.now() - cached.loadedAt < MATRIX_MAX_AGE_MS
  ) {
    remember(key, cached);
    return cached;
  }
  const rows = rowsOf<{ documentId: number; chunkHash: string; embedding: Uint8Array }>(
    await db.execute(sql`select document_id as "documentId", chunk_hash as "chunkHash", embedding
      from knowledge_embeddings where ${scope}`),
  );
  const values = new Float32Array(rows.length * dimensions);
  const documentIds = new Int32Array(rows.length);
  const hashes: string[] = [];
  rows.forEach((row, i) => {
    const bytes = new Uint8Array(row.embedding);
    values.set(new Float32Array(bytes.buffer, bytes.byteOffset, dimensions), i * dimensions);
    documentIds[i] = Number(row.documentId);
    hashes.push(row.chunkHash);
  });
  const matrix = {
    version: state?.version ?? '',
    loadedAt: Date.now(),
    dimensions,
    documentIds,
    hashes,
    values,
  };
  remember(key, matrix);
  return matrix;
}

/** The `limit` best of `hits`, best first, kept in a small sorted list while scanning. */
function keepBest(hits: VectorHit[], hit: VectorHit, limit: number) {
  if (hits.length === limit && hit.similarity <= (hits.at(-1)?.similarity ?? -Infinity)) return;
  let at = hits.length;
  while (at > 0 && (hits[at - 1] as VectorHit).similarity < hit.similarity) at--;
  hits.splice(at, 0, hit);
  if (hits.length > limit) hits.pop();
}

/** The chunks of the projects whose vectors are nearest the query's, best first. */
export async function nearestChunks(
  db: Db,
  backend: VectorBackend,
  input: { projectIds: readonly number[]; model: VectorModel; query: Float32Array; limit: number },
): Promise<VectorHit[]> {
  const { projectIds, model, limit } = input;
  if (projectIds.length === 0) return [];
  const query = normalized(input.query);
  if (backend === 'pgvector') {
    // The model and length are written into the query, so the planner sees that the model's HNSW
    // index (a partial index on both) applies; they are integers from the database.
    const length = sql.raw(String(Math.trunc(query.length)));
    const distance = sql`vec::vector(${length}) <=> ${pgvectorText(query)}::vector(${length})`;
    const rows = await db.transaction(async (tx) => {
      // Past a project's own rows, the graph search goes on until it has `limit` of them.
      await tx.execute(sql`select set_config('hnsw.iterative_scan', 'relaxed_order', true),
        set_config('hnsw.ef_search', ${String(HNSW_EF_SEARCH)}, true)`);
      return rowsOf<{ documentId: number; chunkHash: string; similarity: number }>(
        await tx.execute(sql`select document_id as "documentId", chunk_hash as "chunkHash",
            1 - (${distance}) as similarity
          from knowledge_embeddings
          where project_id in (${integerList(projectIds)})
            and model_id = ${sql.raw(String(Math.trunc(model.id)))} and dimensions = ${length}
            and model_key = ${model.modelKey} and vec is not null
          order by ${distance} limit ${limit}`),
      );
    });
    return rows
      .map((row) => ({ ...row, documentId: Number(row.documentId), similarity: Number(row.similarity) }))
      .sort((a, b) => b.similarity - a.similarity);
  }
  const best: VectorHit[] = [];
  const dimensions = query.length;
  for (const projectId of projectIds) {
    const matrix = await projectMatrix(db, projectId, model, dimensions);
    const { values } = matrix;
    for (let row = 0, offset = 0; row < matrix.hashes.length; row++, offset += dimensions) {
      // Four sums at a time: about twice as fast as one in V8 over a 100,000-vector project.
      let a = 0;
      let b = 0;
      let c = 0;
      let d = 0;
      let i = 0;
      for (; i + 3 < dimensions; i += 4) {
        a += (values[offset + i] as number) * (query[i] as number);
        b += (values[offset + i + 1] as number) * (query[i + 1] as number);
        c += (values[offset + i + 2] as number) * (query[i + 2] as number);
        d += (values[offset + i + 3] as number) * (query[i + 3] as number);
      }
      for (; i < dimensions; i++) a += (values[offset + i] as number) * (query[i] as number);
      const dot = a + b + c + d;
      if (best.length < limit || dot > (best.at(-1) as VectorHit).similarity) {
        keepBest(
          best,
          {
            documentId: matrix.documentIds[row] as number,
            chunkHash: matrix.hashes[row] as string,
            similarity: dot,
          },
          limit,
        );
      }
    }
  }
  return best;
}

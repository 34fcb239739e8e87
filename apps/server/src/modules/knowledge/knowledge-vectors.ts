import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createEmbeddings } from '../../platform/llm/embeddings.ts';
import { createEmbeddingWorker } from './embedding-worker.ts';
import { useVectorSearch } from './hybrid-search.ts';
import { detectVectorBackend, type VectorBackend } from './vector-store.ts';

/** How often the embedding worker looks for documents to embed. */
const EMBED_POLL_MS = 1_000;

/**
 * The vector half of knowledge search, for one app: the embeddings client, the worker that keeps
 * chunk vectors up to date, and hybrid search on the app's database. Inert without an embedding model.
 */
export function createKnowledgeVectors({
  db,
  config,
  log,
}: {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
}) {
  const embeddings = createEmbeddings({ db, config, log });
  let backend: Promise<VectorBackend> | undefined;
  // Read once the schema exists: whether migration 0020 could give the database pgvector's column.
  const backendOf = () => {
    backend ??= detectVectorBackend(db, config.knowledgeVectors).catch((error: unknown) => {
      backend = undefined;
      throw error;
    });
    return backend;
  };
  const worker = createEmbeddingWorker({
    db,
    embeddings,
    backend: backendOf,
    log,
    pollMs: Math.max(100, Math.min(EMBED_POLL_MS, config.knowledgeIndexDelayMs)),
  });
  const forget = useVectorSearch(db, { embeddings, backend: backendOf, log });
  return {
    embeddings,
    start() {
      worker.start();
    },
    async close() {
      forget();
      await worker.close();
    },
  };
}

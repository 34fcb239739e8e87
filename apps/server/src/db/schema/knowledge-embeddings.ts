import { customType, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { models } from './models.ts';
import { documents, projects } from './projects.ts';

/** Float32 values, little-endian, as `bytea`: read back in one piece on any PostgreSQL. */
const float32Bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Chunk embeddings of the platform's embedding model (modules/knowledge/embedding-worker.ts), kept by
 * the chunk's text (`chunk_hash`, md5 of heading and text) so that a document edited again only has
 * its changed chunks embedded anew. Where the database has pgvector, migration 0020 adds a `vec vector`
 * column beside `embedding`, which pgvector searches; without it the server compares `embedding`.
 */
export const knowledgeEmbeddings = pgTable(
  'knowledge_embeddings',
  {
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    chunkHash: text('chunk_hash').notNull(),
    modelId: integer('model_id')
      .notNull()
      .references(() => models.id, { onDelete: 'cascade' }),
    /** The model key the vector was made with: a model whose key is edited embeds again. */
    modelKey: text('model_key').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    dimensions: integer('dimensions').notNull(),
    embedding: float32Bytes('embedding').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.modelId, t.documentId, t.chunkHash] }),
    // A project's latest vector, read on each search where the server compares vectors (vector-store.ts).
    index('knowledge_embeddings_project').on(t.projectId, t.modelId, t.createdAt),
    index('knowledge_embeddings_document').on(t.documentId),
  ],
);

/**
 * Which content of a document was embedded with which model: a document is due when its index is
 * ready with other content (`content_hash` of `knowledge_index_states`) or another model is active.
 */
export const knowledgeEmbeddingStates = pgTable('knowledge_embedding_states', {
  documentId: integer('document_id')
    .primaryKey()
    .references(() => documents.id, { onDelete: 'cascade' }),
  modelId: integer('model_id').notNull(),
  modelKey: text('model_key').notNull(),
  contentHash: text('content_hash').notNull(),
  embeddedAt: timestamp('embedded_at', { withTimezone: true }).notNull().defaultNow(),
});

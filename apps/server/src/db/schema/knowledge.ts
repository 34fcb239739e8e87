import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { documents, projects } from './projects.ts';
import { teams } from './teams.ts';

/** PostgreSQL's `tsvector`, written in SQL (`to_tsvector('simple', …)`) and never read back. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A document's text cut into chunks for search and retrieval (modules/knowledge): its place in the
 * document, the headings above it, its PDF page, and its full-text terms (CJK bigrams made in app
 * code, `modules/knowledge/search-tokens.ts`), which need no extension on any PostgreSQL.
 */
export const knowledgeChunks = pgTable(
  'knowledge_chunks',
  {
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    ordinal: integer('ordinal').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** The headings above the chunk, "Plan > Steps"; empty before the first heading. */
    heading: text('heading').notNull().default(''),
    text: text('text').notNull(),
    /** The PDF page the chunk is on; null for an editor document. */
    page: integer('page'),
    terms: tsvector('terms').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.documentId, t.ordinal] }),
    index('knowledge_chunks_terms').using('gin', t.terms),
    index('knowledge_chunks_project').on(t.projectId),
  ],
);

/**
 * Where each document's chunks stand. `indexing` from the moment its content is stored until its
 * chunks are written again, `ready` after, `failed` with a reason. A process claims a document to
 * index it (`claimed_by`, its server process id); a claim of a process that is gone is anyone's.
 */
export const knowledgeIndexStates = pgTable(
  'knowledge_index_states',
  {
    documentId: integer('document_id')
      .primaryKey()
      .references(() => documents.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    state: text('state').$type<'indexing' | 'ready' | 'failed'>().notNull(),
    /** Why indexing failed (`KNOWLEDGE_INDEX_ERRORS` in the contract); null unless failed. */
    error: text('error'),
    /** The chunker's version and a hash of the chunks: content that did not change is not written again. */
    contentHash: text('content_hash'),
    /** The `document_states.updated_at` the chunks were made from. */
    sourceAt: timestamp('source_at', { withTimezone: true }),
    indexedAt: timestamp('indexed_at', { withTimezone: true }),
    /** When `state` last changed: a document is indexed once it has been quiet for a few seconds. */
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    claimedBy: text('claimed_by'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
  },
  (t) => [
    index('knowledge_index_states_due').on(t.changedAt).where(sql`${t.state} = 'indexing'`),
    // The catalogue reads a project's documents that are not ready (usually few) for its states.
    index('knowledge_index_states_unready').on(t.projectId, t.changedAt).where(sql`${t.state} <> 'ready'`),
  ],
);

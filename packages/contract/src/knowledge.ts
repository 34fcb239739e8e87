import { z } from 'zod';
import { entityId } from './ids.ts';

/** A project's knowledge: search over its documents. Paths are in `api.ts` (KNOWLEDGE_API). */

/** Where a document's search index stands: being (re)made after a change, up to date, or failed. */
export const KNOWLEDGE_INDEX_STATES = ['indexing', 'ready', 'failed'] as const;
export type KnowledgeIndexState = (typeof KNOWLEDGE_INDEX_STATES)[number];
/**
 * Why a document could not be indexed (messages under `knowledge.index_error.*`): its stored content
 * cannot be read, or the server failed (it tries again at its next start or the next change), or the
 * embedding model failed (`knowledge_search.index_error_embedding_failed`; full-text search still
 * finds the document, and the embedding is tried again a minute later).
 */
export const KNOWLEDGE_INDEX_ERRORS = ['unreadable', 'internal', 'embedding_failed'] as const;
export type KnowledgeIndexError = (typeof KNOWLEDGE_INDEX_ERRORS)[number];

export const KNOWLEDGE_SEARCH_LIMIT_DEFAULT = 10;
export const KNOWLEDGE_SEARCH_LIMIT_MAX = 50;
export const KNOWLEDGE_QUERY_MAX = 200;
/** A search result's snippet holds about this many characters of the document's text. */
export const KNOWLEDGE_SNIPPET_CHARS = 200;

export const knowledgeSearchQuery = z.object({
  project_id: entityId,
  query: z.string().trim().min(1, 'required').max(KNOWLEDGE_QUERY_MAX),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(KNOWLEDGE_SEARCH_LIMIT_MAX)
    .default(KNOWLEDGE_SEARCH_LIMIT_DEFAULT),
});

export const knowledgeSearchHit = z.object({
  doc_id: z.number().int(),
  doc_uniq_code: z.string(),
  doc_name: z.string(),
  /** What the hit opens: an editor document, or a PDF in the PDF viewer. */
  doc_kind: z.enum(['doc', 'pdf']),
  /** HTML: the text around the match, escaped, the matched terms in `<mark>…</mark>`. */
  snippet: z.string(),
  score: z.number(),
  /** The PDF page of the passage; null for an editor document. */
  page: z.number().int().nullable(),
});
export type KnowledgeSearchHit = z.infer<typeof knowledgeSearchHit>;

export const knowledgeSearchData = z.object({ data: z.array(knowledgeSearchHit) });

import type { KnowledgeSearchHit } from '@tandem/contract/knowledge';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, escapeLike, integerList } from '../../db/client.ts';
import { readableProjectIds } from '../project/index.ts';
import { activeEmbeddingModel, FUSION_CANDIDATES, withVectorResults } from './hybrid-search.ts';
import { anyOf, type QueryTerm, queryTermsOf, titleTermsOf } from './search-tokens.ts';
import { snippetOf } from './snippet.ts';
import { candidateTerms, termStatistics } from './term-statistics.ts';

/** Chunks ranked at most, whatever the statistics estimated (they may be out of date). */
const CANDIDATES_MAX = 5000;
/** Added to the score of a document whose name holds the query, so it comes before text matches. */
const TITLE_BOOST = 1;

/** A chunk found for a query, with its document. */
export type RankedChunk = {
  documentId: number;
  documentUniqCode: string;
  documentName: string;
  documentKind: 'doc' | 'pdf';
  projectId: number;
  ordinal: number;
  heading: string;
  text: string;
  page: number | null;
  score: number;
};

/**
 * The best chunks of the projects' documents for a query, best first: ranked by `ts_rank` over the
 * query's terms (any of them; more, and rarer, rank higher) among the chunks holding its rarer terms
 * (`candidateTerms`), at most `perDocument` a document; plus documents whose name holds every word
 * of the query (their best chunk, or their first one when the text does not match), which rank
 * above the others. The callers scope `projectIds` to what the user may read.
 */
export async function rankChunks(
  db: Db,
  input: { projectIds: readonly number[]; query: string; limit: number; perDocument: number },
): Promise<{ chunks: RankedChunk[]; terms: QueryTerm[] }> {
  const terms = queryTermsOf(input.query);
  const titleTerms = titleTermsOf(input.query);
  if (input.projectIds.length === 0 || terms.length === 0) return { chunks: [], terms };
  const projects = integerList(input.projectIds);
  const picking = candidateTerms(terms, await termStatistics(db));
  const nameHoldsQuery: SQL =
    titleTerms.length === 0
      ? sql`false`
      : sql.join(
          titleTerms.map((term) => sql`d.name ilike ${`%${escapeLike(term)}%`}`),
          sql` and `,
        );
  const result = await db.execute(sql`
    with q as (select to_tsquery('simple', ${anyOf(terms)}) as query),
    candidates as (
      select document_id, ordinal, heading, text, page, terms from knowledge_chunks
      where project_id in (${projects}) and terms @@ to_tsquery('simple', ${anyOf(picking)})
      limit ${CANDIDATES_MAX}
    ),
    hits as (
      select c.document_id, c.ordinal, c.heading, c.text, c.page, ts_rank(c.terms, q.query) as rank
      from candidates c, q
    ),
    ranked as (
      select *, row_number() over (partition by document_id order by rank desc, ordinal) as nth from hits
    ),
    titled as (
      select d.id from documents d
      where d.project_id in (${projects}) and d.kind <> 'group' and ${nameHoldsQuery}
    ),
    found as (
      select document_id, ordinal, heading, text, page, rank from ranked where nth <= ${input.perDocument}
      union all
      select t.id, f.ordinal, f.heading, f.text, f.page, 0 from titled t
      left join lateral (select ordinal, heading, text, page from knowledge_chunks
        where document_id = t.id order by ordinal limit 1) f on true
      where not exists (select 1 from hits h where h.document_id = t.id)
    ),
    best as (
      select f.document_id, f.ordinal, f.heading, f.text, f.page,
        f.rank + case when t.id is null then 0 else ${TITLE_BOOST} end as score
      from found f left join titled t on t.id = f.document_id
      order by score desc, f.document_id, f.ordinal
      limit ${input.limit}
    )
    -- The documents' names are read for the few results only: joined before the limit, every
    -- document of a large project was read to name a few hundred candidates.
    select b.document_id as "documentId", d.uniq_code as "documentUniqCode", d.name as "documentName",
      d.kind as "documentKind", d.project_id as "projectId", coalesce(b.ordinal, 0) as ordinal, coalesce(b.heading, '') as heading,
      coalesce(b.text, '') as text, b.page, b.score
    from best b join documents d on d.id = b.document_id
    order by b.score desc, b.document_id, b.ordinal`);
  const rows = (result as unknown as { rows: RankedChunk[] }).rows;
  const chunks = rows.map((row) => ({
    ...row,
    documentId: Number(row.documentId),
    projectId: Number(row.projectId),
    ordinal: Number(row.ordinal),
    page: row.page === null ? null : Number(row.page),
    score: Math.round(Number(row.score) * 1e4) / 1e4,
  }));
  return { chunks, terms };
}

/**
 * `rankChunks`, made hybrid when an embedding model is active: full-text and vector results fused by
 * reciprocal rank (`hybrid-search.ts`). Without one, full text alone, as it always works.
 */
async function rankKnowledge(
  db: Db,
  input: { projectIds: readonly number[]; query: string; limit: number; perDocument: number },
): Promise<{ chunks: RankedChunk[]; terms: QueryTerm[] }> {
  const model = await activeEmbeddingModel(db);
  if (!model) return rankChunks(db, input);
  const fullText = await rankChunks(db, { ...input, limit: Math.max(input.limit, FUSION_CANDIDATES) });
  return { chunks: await withVectorResults(db, input, model, fullText.chunks), terms: fullText.terms };
}

/** `GET /api/knowledge/search`: the project's documents best matching the query, one result each. */
export async function searchProject(
  db: Db,
  projectId: number,
  query: string,
  limit: number,
): Promise<KnowledgeSearchHit[]> {
  const { chunks, terms } = await rankKnowledge(db, {
    projectIds: [projectId],
    query,
    limit,
    perDocument: 1,
  });
  return chunks.map((chunk) => ({
    doc_id: chunk.documentId,
    doc_uniq_code: chunk.documentUniqCode,
    doc_name: chunk.documentName,
    doc_kind: chunk.documentKind,
    snippet: snippetOf(chunk.text, terms),
    score: chunk.score,
    page: chunk.page,
  }));
}

/**
 * The best chunks for a query across several projects (up to two a document), for agents and chat:
 * only projects the user may read contribute, whatever ids are asked for.
 */
export async function retrieveChunks(
  db: Db,
  input: { userId: number; projectIds: readonly number[]; query: string; limit: number },
): Promise<RankedChunk[]> {
  const projectIds = await readableProjectIds(db, input.userId, input.projectIds);
  const { chunks } = await rankKnowledge(db, {
    projectIds,
    query: input.query,
    limit: input.limit,
    perDocument: 2,
  });
  return chunks;
}

import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { runHeavy } from '../../platform/workers/index.ts';
import type { Chunk } from './chunking.ts';
import { CHUNKER_VERSION } from './index-state.ts';

/**
 * A PDF's content as the indexer reads it: its pages' text (read at upload, never changed after),
 * chunked with each chunk's page in the worker pool (a PDF holds up to 16 M characters). `sourceAt`
 * is null as for a document with no stored state: a PDF has no `document_states` row for the indexer's
 * freshness check to compare.
 */
export type PdfSource = { projectId: number; teamId: number; sourceAt: null; chunks: Chunk[] };

export async function readPdfSource(db: Db, documentId: number): Promise<PdfSource | undefined> {
  const result = await db.execute(sql`select d.project_id as "projectId", p.team_id as "teamId",
      f.page_texts as "pageTexts"
    from documents d join projects p on p.id = d.project_id
    join document_pdfs f on f.document_id = d.id
    where d.id = ${documentId} and d.kind = 'pdf' and d.deleted_at is null`);
  const [row] = (result as unknown as { rows: { projectId: number; teamId: number; pageTexts: unknown }[] })
    .rows;
  if (!row) return undefined;
  // PGlite answers jsonb parsed; node-postgres too, but a driver may hand the text.
  const texts = (typeof row.pageTexts === 'string' ? JSON.parse(row.pageTexts) : row.pageTexts) as string[];
  const teamId = Number(row.teamId);
  const chunks = await runHeavy(teamId, 'knowledge.chunkPages', {
    pages: texts.map((text, index) => ({ page: index + 1, text })),
  });
  return { projectId: Number(row.projectId), teamId, sourceAt: null, chunks };
}

/**
 * At start, as `markStaleForIndexing` does for documents: PDFs never indexed, indexed by an older
 * chunker, or failed for a reason of the server's own are marked to be indexed again.
 */
export async function markStalePdfsForIndexing(db: Db) {
  await db.execute(sql`insert into knowledge_index_states (document_id, project_id, state)
      select p.document_id, d.project_id, 'indexing' from document_pdfs p
      join documents d on d.id = p.document_id
    on conflict (document_id) do update set state = 'indexing', error = null, changed_at = now()
      where (knowledge_index_states.state = 'ready'
          and knowledge_index_states.content_hash not like ${`${CHUNKER_VERSION}:%`})
        or (knowledge_index_states.state = 'failed' and knowledge_index_states.error = 'internal')`);
}

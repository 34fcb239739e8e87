import { sql } from 'drizzle-orm';
import { type Db, integerList, type Tx } from '../../db/client.ts';
import { inChunks } from '../project/doc-placement.ts';

/**
 * Marks PDFs `indexing` in the caller's transaction: the knowledge indexer chunks their pages' text
 * once they have been quiet for a few seconds, as it does documents (`markForIndexing`).
 */
export async function markPdfForIndexing(tx: Db | Tx, documentIds: readonly number[]) {
  await inChunks(documentIds, 5000, (chunk) =>
    tx.execute(sql`insert into knowledge_index_states (document_id, project_id, state)
        select p.document_id, d.project_id, 'indexing' from document_pdfs p
        join documents d on d.id = p.document_id where p.document_id in (${integerList(chunk)})
      on conflict (document_id) do update set state = 'indexing', error = null, changed_at = now()`),
  );
}

/**
 * A copied catalogue's PDFs (`copyDoc`): each copy of a PDF shows the same file and text as its
 * original (the file is held by both through `document_files`, copied beside this) and is indexed.
 */
export async function copyPdfs(tx: Tx, copies: readonly [original: number, copy: number][]) {
  await inChunks(copies, 5000, async (chunk) => {
    const pairs = sql.join(
      chunk.map(([original, copy]) => sql`(${original}::integer, ${copy}::integer)`),
      sql`, `,
    );
    const copied =
      await tx.execute(sql`insert into document_pdfs (document_id, file_id, page_count, page_texts)
      select m.copy, p.file_id, p.page_count, p.page_texts from document_pdfs p
      join (values ${pairs}) as m(original, copy) on p.document_id = m.original
      returning document_id as "documentId"`);
    const ids = (copied as unknown as { rows: { documentId: number }[] }).rows.map((row) =>
      Number(row.documentId),
    );
    await markPdfForIndexing(tx, ids);
  });
}

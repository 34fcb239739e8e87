import { sql } from 'drizzle-orm';
import { type Db, inChunks, integerList, type Tx } from '../../db/client.ts';

/*
 * The search index's queue (`knowledge_index_states`): which documents and PDFs the knowledge indexer
 * must read again. It lives with the documents, so whatever stores or restores content marks it in its
 * own transaction (documents, PDFs, the trash, copies) without importing the indexer above it.
 */

/**
 * Marks documents whose content was just stored as `indexing`, in the caller's transaction: whichever
 * server process is free indexes them once they have been quiet for a few seconds (each store moves
 * `changed_at` again). Only documents with stored content are marked; a claim in progress is left to
 * find out, when it writes, that the content changed.
 */
export async function markForIndexing(tx: Db | Tx, documentIds: readonly number[]) {
  await inChunks(documentIds, 5000, (chunk) =>
    tx.execute(sql`insert into knowledge_index_states (document_id, project_id, state)
        select s.document_id, d.project_id, 'indexing' from document_states s
        join documents d on d.id = s.document_id where s.document_id in (${integerList(chunk)})
      on conflict (document_id) do update set state = 'indexing', error = null, changed_at = now()`),
  );
}

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
 * Takes documents out of the search index in the caller's transaction (moved to the trash): search,
 * agents and the document chat find nothing of them; a restore marks them for indexing again.
 */
export async function dropFromIndex(tx: Tx, documentIds: readonly number[]) {
  await inChunks(documentIds, 5000, async (chunk) => {
    await tx.execute(sql`delete from knowledge_chunks where document_id in (${integerList(chunk)})`);
    await tx.execute(sql`delete from knowledge_index_states where document_id in (${integerList(chunk)})`);
  });
}

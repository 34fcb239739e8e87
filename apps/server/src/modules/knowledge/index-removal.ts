import { sql } from 'drizzle-orm';
import { integerList, type Tx } from '../../db/client.ts';
import { inChunks } from '../project/doc-placement.ts';

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

import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * The chunker's version, the start of every stored content hash: a new chunker re-indexes every
 * document at the next start, since the hashes no longer match.
 */
export const CHUNKER_VERSION = 'c1';

/**
 * At start: documents never indexed (stored before indexing existed, or by a path that did not mark
 * them), indexed from other content than is stored now or by an older chunker, and those that
 * failed for a reason other than their content, are marked to be indexed again.
 */
export async function markStaleForIndexing(db: Db) {
  await db.execute(sql`insert into knowledge_index_states (document_id, project_id, state)
      select s.document_id, d.project_id, 'indexing' from document_states s
      join documents d on d.id = s.document_id
      where not exists (select 1 from knowledge_index_states k where k.document_id = s.document_id)
    on conflict (document_id) do nothing`);
  await db.execute(sql`update knowledge_index_states k
    set state = 'indexing', error = null, changed_at = now()
    from document_states s
    where s.document_id = k.document_id and (
      (k.state = 'ready' and (k.source_at is distinct from s.updated_at
        or k.content_hash not like ${`${CHUNKER_VERSION}:%`}))
      or (k.state = 'failed' and k.error = 'internal'))`);
}

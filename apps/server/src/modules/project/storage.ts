import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { reserveStorage } from '../quotas/index.ts';
import { authorizeProject, documentAccess, type ProjectGrant } from './policy.ts';

/**
 * The document an upload goes into, when the caller may edit it: the file then counts towards the
 * document's team. Someone who cannot see it gets 2201, a viewer 403.
 */
export async function uploadTarget(
  db: Db,
  userId: number,
  documentId: number,
): Promise<ProjectGrant & { documentId: number }> {
  const grant = authorizeProject(await documentAccess(db, userId, documentId), 'edit', 'DOCUMENT_NOT_FOUND');
  return { ...grant, documentId };
}

/**
 * A copy's share of the storage check: the collaborative states of `documentIds` are written again
 * (the uploads they hold are the originals', counted once), in the project's team. Call it inside the
 * copy's transaction, after the catalogue's lock.
 */
export async function reserveCopiedStates(tx: Tx, projectId: number, documentIds: number[]) {
  const result = await tx.execute(sql`select p.team_id as "teamId",
      coalesce((select sum(s.byte_size) from document_states s
        where s.document_id = any(${`{${documentIds.join(',')}}`}::int[])), 0) as bytes
    from projects p where p.id = ${projectId}`);
  const [row] = (result as unknown as { rows: { teamId: number; bytes: string | number }[] }).rows;
  if (row) await reserveStorage(tx, row.teamId, Number(row.bytes));
}

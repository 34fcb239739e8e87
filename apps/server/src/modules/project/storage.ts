import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { teamQuotas } from '../billing/plan-quotas.ts';
import { authorizeProject, documentAccess, type ProjectGrant } from './policy.ts';

/**
 * Bytes a team stores: its documents' collaborative states, and the uploads its documents hold (each
 * counted once, however many copies of a document hold it). One query.
 */
export async function teamStorageUsed(db: Db, teamId: number): Promise<number> {
  const result = await db.execute(sql`select
    coalesce((select sum(s.byte_size) from document_states s
      join documents d on d.id = s.document_id
      join projects p on p.id = d.project_id
      where p.team_id = ${teamId}), 0)
    + coalesce((select sum(f.byte_size) from files f
      where f.team_id = ${teamId}
      and exists (select 1 from document_files h where h.file_id = f.id)), 0) as used`);
  const [row] = (result as unknown as { rows: { used: string | number }[] }).rows;
  return Number(row?.used ?? 0);
}

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

/** Refuses what would take the team past its plan's storage quota (spec part B: storage refused past the quota). */
export async function assertStorageRoom(db: Db, teamId: number, adding: number) {
  const { storageBytes } = await teamQuotas(db, teamId);
  if ((await teamStorageUsed(db, teamId)) + adding > storageBytes)
    throw new AppError('STORAGE_QUOTA_EXCEEDED');
}

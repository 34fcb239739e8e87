import type { Db } from '../../db/client.ts';
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

import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { documents, projects } from '../../db/schema.ts';
import { isSessionLive } from '../../platform/auth/sessions.ts';
import { documentAccess, mayDo } from '../project/index.ts';
import type { CollabGrant } from './collab-tokens.ts';

/** What a collaboration connection may do now, and where its document lives. */
export type LiveAccess = { canEdit: boolean; projectId: number; teamId: number };

/** Sent to an editor whose access went (removed, link turned off, signed out): the connection closes. */
export const ACCESS_REVOKED = { code: 4403, reason: 'access_revoked' };
/** Sent as a stateless message to an editor who may only read from now on. */
export const READ_ONLY_NOTICE = JSON.stringify({ type: 'read_only' });

/**
 * What the grant allows now, read from the database: undefined once the share link is turned off,
 * the member removed (from the project or the team), the project made private to them, the document
 * deleted or the session the token was given to ended. On connect and whenever access changes.
 */
export async function liveAccess(db: Db, grant: CollabGrant): Promise<LiveAccess | undefined> {
  if (grant.sessionId && !(await isSessionLive(db, grant.sessionId))) return undefined;
  if (grant.userId === null) {
    const [row] = await db
      .select({ shareCode: documents.shareCode, projectId: projects.id, teamId: projects.teamId })
      .from(documents)
      .innerJoin(projects, eq(projects.id, documents.projectId))
      .where(eq(documents.id, grant.documentId))
      .limit(1);
    if (!row?.shareCode || row.shareCode !== grant.shareCode) return undefined;
    return { canEdit: false, projectId: row.projectId, teamId: row.teamId };
  }
  const access = await documentAccess(db, grant.userId, grant.documentId);
  if (!access) return undefined;
  return {
    canEdit: grant.canEdit && mayDo(access.role, 'edit'),
    projectId: access.projectId,
    teamId: access.teamId,
  };
}

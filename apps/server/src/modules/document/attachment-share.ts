import { createHash, createSecretKey } from 'node:crypto';
import { ATTACHMENT_SHARE_TTL_SECONDS } from '@tandem/contract/project-rules';
import { and, eq } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../../db/client.ts';
import { files, teamMembers } from '../../db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';

const AUDIENCE = 'tandem-attachment';

/**
 * Signed, expiring links to uploaded files (`generate_share_url`): anyone holding one may download
 * that file until it expires, signed in or not. Only someone who may read the file gets one: its
 * owner, or a member of the team whose storage it counts towards.
 */
export function createAttachmentLinks(secret: string) {
  const key = createSecretKey(createHash('sha256').update(`attachment-share:${secret}`).digest());

  return {
    async create(db: Db, userId: number, fileId: string): Promise<string> {
      const [file] = await db
        .select({ ownerId: files.ownerId, teamMember: teamMembers.userId })
        .from(files)
        .leftJoin(teamMembers, and(eq(teamMembers.teamId, files.teamId), eq(teamMembers.userId, userId)))
        .where(eq(files.id, fileId))
        .limit(1);
      if (!file || (file.ownerId !== userId && file.teamMember === null)) throw new AppError('NOT_FOUND');
      return new SignJWT({ file: fileId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ATTACHMENT_SHARE_TTL_SECONDS)
        .sign(key);
    },

    /** The file a link names, or undefined for a link that is forged or expired. */
    async fileOf(token: string): Promise<string | undefined> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience: AUDIENCE });
        return typeof payload.file === 'string' ? payload.file : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

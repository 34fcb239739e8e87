import { randomBytes } from 'node:crypto';
import { SHARE_CODE_BYTES, SHARE_CODE_PATTERN } from '@tandem/contract/chat-share';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversations, siteShares, siteVersions } from '../../db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { ownSiteConversation } from './site-versions.ts';

/**
 * Versions shared by link: a share opens one ready version of a live conversation, read-only, for
 * anyone with its code, until its owner revokes it. A version has one live link at most: sharing it
 * again answers that link, so the owner never hands out two that must both be revoked.
 */

/** The version's live link, made when there is none; only a ready version can be shared. */
export async function shareSiteVersion(
  db: Db,
  input: { userId: number; conversationId: string; version: number },
): Promise<string> {
  return db.transaction(async (tx) => {
    // The conversation's row is the lock: two shares of one version at once make one link.
    const conversation = await ownSiteConversation(
      tx,
      { userId: input.userId, visitorId: null },
      input.conversationId,
      { isLocked: true },
    );
    const [version] = await tx
      .select({ status: siteVersions.status })
      .from(siteVersions)
      .where(and(eq(siteVersions.conversationId, conversation.id), eq(siteVersions.version, input.version)));
    if (!version) throw new AppError('SITE_VERSION_NOT_FOUND');
    if (version.status !== 'ready') throw new AppError('SITE_VERSION_NOT_READY');
    const [live] = await tx
      .select({ code: siteShares.code })
      .from(siteShares)
      .where(liveShareOf(conversation.id, input.version));
    if (live) return live.code;
    const [made] = await tx
      .insert(siteShares)
      .values({
        code: randomBytes(SHARE_CODE_BYTES).toString('base64url'),
        conversationId: conversation.id,
        version: input.version,
        userId: input.userId,
      })
      .returning({ code: siteShares.code });
    return made!.code;
  });
}

/** Ends the version's link, if it has one: a version not shared stays as it is. */
export async function unshareSiteVersion(
  db: Db,
  input: { userId: number; conversationId: string; version: number },
) {
  const conversation = await ownSiteConversation(
    db,
    { userId: input.userId, visitorId: null },
    input.conversationId,
  );
  const [version] = await db
    .select({ version: siteVersions.version })
    .from(siteVersions)
    .where(and(eq(siteVersions.conversationId, conversation.id), eq(siteVersions.version, input.version)));
  if (!version) throw new AppError('SITE_VERSION_NOT_FOUND');
  await db
    .update(siteShares)
    .set({ revokedAt: new Date() })
    .where(liveShareOf(conversation.id, input.version));
}

/** The live link of the conversation's version. */
const liveShareOf = (conversationId: string, version: number) =>
  and(
    eq(siteShares.conversationId, conversationId),
    eq(siteShares.version, version),
    isNull(siteShares.revokedAt),
  );

/** The conversation's versions that are shared, each with its code. */
export async function liveSiteShares(db: Db, conversationId: string): Promise<Map<number, string>> {
  const rows = await db
    .select({ version: siteShares.version, code: siteShares.code })
    .from(siteShares)
    .where(and(eq(siteShares.conversationId, conversationId), isNull(siteShares.revokedAt)));
  return new Map(rows.map((row) => [row.version, row.code]));
}

/** What a share code opens: a version of a live conversation, while the link is not revoked. */
export async function sharedSiteVersion(db: Db, code: string) {
  if (!SHARE_CODE_PATTERN.test(code)) return undefined;
  const [row] = await db
    .select({ conversationId: siteShares.conversationId, version: siteShares.version })
    .from(siteShares)
    .innerJoin(conversations, eq(conversations.id, siteShares.conversationId))
    .where(and(eq(siteShares.code, code), isNull(siteShares.revokedAt), isNull(conversations.deletedAt)));
  return row;
}

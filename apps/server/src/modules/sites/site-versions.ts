import type { SiteFile, SiteVersion } from '@tandem/contract/chat-sites';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { conversations, siteVersions } from '../../db/schema.ts';
import type { Chatter } from '../../platform/auth/chatter.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { filesOfReply } from './reply-files.ts';

/** A version's files: the earlier ones, each replaced by a file of the same path written since, in path order. */
export function mergeFiles(earlier: SiteFile[], written: SiteFile[]): SiteFile[] {
  const byPath = new Map(earlier.map((file) => [file.path, file.content]));
  for (const file of written) byPath.set(file.path, file.content);
  return [...byPath]
    .map(([path, content]) => ({ path, content }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

export type MadeVersion = { conversationId: string; version: number; messageId: number };

/**
 * The next version of the conversation's site from a reply's files (none when it wrote no file, or
 * when that reply already made one), `building`, claimed by `builderId`.
 */
export async function recordSiteVersion(
  db: Db,
  reply: { conversationId: string; messageId: number; content: string },
  builderId: string,
): Promise<MadeVersion | undefined> {
  const { files } = filesOfReply(reply.content);
  if (files.length === 0) return undefined;
  return db.transaction(async (tx) => {
    // The conversation's row is the lock: two replies ending at once take numbers one after the
    // other, and each builds on the files of the one before.
    const [conversation] = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.id, reply.conversationId))
      .for('update');
    if (!conversation) return undefined;
    const [latest] = await tx
      .select({ version: siteVersions.version, files: siteVersions.files })
      .from(siteVersions)
      .where(eq(siteVersions.conversationId, conversation.id))
      .orderBy(desc(siteVersions.version))
      .limit(1);
    const [made] = await tx
      .insert(siteVersions)
      .values({
        conversationId: conversation.id,
        version: (latest?.version ?? 0) + 1,
        messageId: reply.messageId,
        files: mergeFiles(latest?.files ?? [], files),
        builderId,
      })
      .onConflictDoNothing()
      .returning({ version: siteVersions.version });
    return made && { conversationId: conversation.id, version: made.version, messageId: reply.messageId };
  });
}

/**
 * The caller's own live conversation; anyone else's does not exist for them. `isLocked`: its row is
 * held until the transaction `db` ends, so the writes that take it happen one after the other.
 */
export async function ownSiteConversation(
  db: Db | Tx,
  chatter: Chatter,
  conversationId: string,
  { isLocked = false } = {},
) {
  const query = db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.id, conversationId),
        chatter.userId === null
          ? eq(conversations.visitorId, chatter.visitorId)
          : eq(conversations.userId, chatter.userId),
        isNull(conversations.deletedAt),
      ),
    );
  const [row] = await (isLocked ? query.for('update') : query);
  if (!row) throw new AppError('CONVERSATION_NOT_FOUND');
  return row;
}

type VersionRow = Pick<
  typeof siteVersions.$inferSelect,
  'version' | 'status' | 'createdAt' | 'messageId' | 'errors'
>;

/**
 * Every version of the conversation's site, newest first, with `previewUrl` making each ready one's
 * address, and `shareUrl` the link of a shared one (null for a version not shared).
 */
export async function listSiteVersions(
  db: Db,
  conversationId: string,
  previewUrl: (version: number) => string,
  shareUrl: (version: number) => string | null,
): Promise<SiteVersion[]> {
  const rows: VersionRow[] = await db
    .select({
      version: siteVersions.version,
      status: siteVersions.status,
      createdAt: siteVersions.createdAt,
      messageId: siteVersions.messageId,
      errors: siteVersions.errors,
    })
    .from(siteVersions)
    .where(eq(siteVersions.conversationId, conversationId))
    .orderBy(desc(siteVersions.version));
  return rows.map((row) => {
    const link = shareUrl(row.version);
    return {
      version: row.version,
      status: row.status,
      created_at: row.createdAt.toISOString(),
      message_id: row.messageId,
      errors: row.errors,
      preview_url: row.status === 'ready' ? previewUrl(row.version) : null,
      shared: link !== null,
      share_url: link,
    };
  });
}

/** A failed version's errors, to send to the agent; 409 (2062) for a version that did not fail. */
export async function errorsToFix(db: Db, conversationId: string, version: number) {
  const [row] = await db
    .select({ status: siteVersions.status, errors: siteVersions.errors })
    .from(siteVersions)
    .where(and(eq(siteVersions.conversationId, conversationId), eq(siteVersions.version, version)));
  if (!row) throw new AppError('SITE_VERSION_NOT_FOUND');
  if (row.status !== 'fail') throw new AppError('SITE_NOTHING_TO_FIX');
  return row.errors;
}

/** The files of one version of the conversation's site. */
export async function siteVersionFiles(db: Db, conversationId: string, version: number): Promise<SiteFile[]> {
  const [row] = await db
    .select({ files: siteVersions.files })
    .from(siteVersions)
    .where(and(eq(siteVersions.conversationId, conversationId), eq(siteVersions.version, version)));
  if (!row) throw new AppError('SITE_VERSION_NOT_FOUND');
  return row.files;
}

import { randomBytes } from 'node:crypto';
import { uploadedFileUrl } from '@tandem/contract/api';
import {
  type ContinueSharedData,
  type ConversationShare,
  SHARE_CODE_BYTES,
  SHARES_PER_CONVERSATION_MAX,
  type SharedConversation,
  SNAPSHOT_MESSAGES_MAX,
  sharePagePath,
} from '@tandem/contract/chat-share';
import type { Page } from '@tandem/contract/envelope';
import {
  and,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lte,
  max,
  notInArray,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { agents, chatMessages, conversationShares, conversations } from '../../../db/schema.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { authorizeAgent, loadAgent, readConfig } from '../../agent/index.ts';
import { citationsForReader, copyCitations } from '../reply/knowledge-replies.ts';

/**
 * Shares of conversations: a link to a read-only snapshot of the messages up to the newest finished one
 * when it was made (`last_message_id`), readable by anyone until its owner revokes it, and copied into a
 * new conversation of whoever continues it. A message is in a snapshot when it was finished (done or
 * stopped) and was not a hidden version of a reply at the time of sharing (`hidden_reply_ids`).
 */

type MessageRow = typeof chatMessages.$inferSelect;

/**
 * The snapshot of a conversation: up to `lastMessageId` without the reply versions hidden when it was
 * taken (`hiddenIds`); the live one without them.
 */
export type Snapshot = { conversationId: string; lastMessageId?: number; hiddenIds?: number[] };

const FINISHED = ['done', 'stopped'] as const;

function inSnapshot({ conversationId, lastMessageId, hiddenIds }: Snapshot): SQL {
  const shown =
    hiddenIds === undefined
      ? isNull(chatMessages.replacedAt)
      : hiddenIds.length > 0
        ? notInArray(chatMessages.id, hiddenIds)
        : undefined;
  return and(
    eq(chatMessages.conversationId, conversationId),
    inArray(chatMessages.status, [...FINISHED]),
    lastMessageId === undefined ? undefined : lte(chatMessages.id, lastMessageId),
    shown,
  )!;
}

/** The newest SNAPSHOT_MESSAGES_MAX messages of a snapshot, oldest first, and how many it holds. */
export async function snapshotMessages(db: Db | Tx, snapshot: Snapshot) {
  const where = inSnapshot(snapshot);
  const [rows, [total]] = await Promise.all([
    db.select().from(chatMessages).where(where).orderBy(desc(chatMessages.id)).limit(SNAPSHOT_MESSAGES_MAX),
    db.select({ n: count() }).from(chatMessages).where(where),
  ]);
  return { messages: rows.reverse(), total: total?.n ?? 0 };
}

/** The caller's live conversation with its agent's public face; anyone else's does not exist for them. */
export async function ownConversationWithAgent(db: Db | Tx, userId: number, conversationId: string) {
  const [row] = await db
    .select({
      id: conversations.id,
      title: conversations.title,
      agentName: agents.name,
      agentKey: agents.agentKey,
      published: agents.published,
      draft: agents.draft,
    })
    .from(conversations)
    .innerJoin(agents, eq(agents.id, conversations.agentId))
    .where(
      and(
        eq(conversations.id, conversationId),
        eq(conversations.userId, userId),
        isNull(conversations.deletedAt),
      ),
    );
  if (!row) throw new AppError('CONVERSATION_NOT_FOUND');
  return { ...row, isMarkdown: readConfig(row.published ?? row.draft).markdown };
}

const newShareCode = () => randomBytes(SHARE_CODE_BYTES).toString('base64url');

/** `origin` is where users reach the web app (PUBLIC_URL, else the request's own). */
const shareUrl = (origin: string, code: string) => new URL(sharePagePath(code), origin).href;

/** A new link to the conversation as it stands now: its finished messages, not a reply still streaming. */
export async function createShare(
  db: Db,
  input: { userId: number; conversationId: string; origin: string },
): Promise<ConversationShare> {
  return db.transaction(async (tx) => {
    const conversation = await ownConversationWithAgent(tx, input.userId, input.conversationId);
    // Shares of one conversation queue on its row, so two at once cannot pass the limit together.
    await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.id, conversation.id))
      .for('update');
    const [active] = await tx
      .select({ n: count() })
      .from(conversationShares)
      .where(
        and(eq(conversationShares.conversationId, conversation.id), isNull(conversationShares.revokedAt)),
      );
    if ((active?.n ?? 0) >= SHARES_PER_CONVERSATION_MAX) throw new AppError('SHARE_LIMIT_REACHED');

    const live = inSnapshot({ conversationId: conversation.id });
    const [newest] = await tx
      .select({ id: max(chatMessages.id), n: count() })
      .from(chatMessages)
      .where(live);
    if (!newest?.id) throw new AppError('SHARE_NOTHING_YET');
    const hidden = await tx
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.conversationId, conversation.id),
          isNotNull(chatMessages.replacedAt),
          lte(chatMessages.id, newest.id),
        ),
      );
    const [share] = await tx
      .insert(conversationShares)
      .values({
        code: newShareCode(),
        conversationId: conversation.id,
        userId: input.userId,
        lastMessageId: newest.id,
        hiddenReplyIds: hidden.map((row) => row.id),
      })
      .returning();
    return {
      share_code: share!.code,
      url: shareUrl(input.origin, share!.code),
      message_count: newest.n,
      created_at: share!.createdAt.toISOString(),
    };
  });
}

/** The conversation's active links, newest first, each with the size of its snapshot. */
export async function listShares(
  db: Db,
  input: { userId: number; conversationId: string; origin: string; page: number; pageSize: number },
): Promise<Page<ConversationShare>> {
  const conversation = await ownConversationWithAgent(db, input.userId, input.conversationId);
  const where = and(
    eq(conversationShares.conversationId, conversation.id),
    eq(conversationShares.userId, input.userId),
    isNull(conversationShares.revokedAt),
  );
  // Counted in the same statement, one subquery per listed share rather than one round trip each.
  const messageCount = db
    .select({ n: count() })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, conversationShares.conversationId),
        inArray(chatMessages.status, [...FINISHED]),
        lte(chatMessages.id, conversationShares.lastMessageId),
        sql`${chatMessages.id} <> all(${conversationShares.hiddenReplyIds})`,
      ),
    );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        code: conversationShares.code,
        createdAt: conversationShares.createdAt,
        messageCount: sql<number>`(${messageCount})`.mapWith(Number),
      })
      .from(conversationShares)
      .where(where)
      .orderBy(desc(conversationShares.createdAt), desc(conversationShares.code))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ n: count() }).from(conversationShares).where(where),
  ]);
  return {
    data: rows.map((row) => ({
      share_code: row.code,
      url: shareUrl(input.origin, row.code),
      message_count: row.messageCount,
      created_at: row.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
  };
}

/** Ends a link of the caller's; someone else's, or one already revoked, is not found. */
export async function revokeShare(db: Db, userId: number, code: string) {
  const revoked = await db
    .update(conversationShares)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(conversationShares.code, code),
        eq(conversationShares.userId, userId),
        isNull(conversationShares.revokedAt),
      ),
    )
    .returning({ code: conversationShares.code });
  if (revoked.length === 0) throw new AppError('SHARE_NOT_FOUND');
}

/** A live share: not revoked, of a conversation not deleted. */
async function findShare(db: Db | Tx, code: string) {
  const [row] = await db
    .select({
      share: conversationShares,
      title: conversations.title,
      agentId: agents.id,
      agentName: agents.name,
      agentAvatar: agents.avatar,
      agentKey: agents.agentKey,
      published: agents.published,
      draft: agents.draft,
    })
    .from(conversationShares)
    .innerJoin(conversations, eq(conversations.id, conversationShares.conversationId))
    .innerJoin(agents, eq(agents.id, conversations.agentId))
    .where(
      and(
        eq(conversationShares.code, code),
        isNull(conversationShares.revokedAt),
        isNull(conversations.deletedAt),
      ),
    );
  if (!row) throw new AppError('SHARE_NOT_FOUND');
  return row;
}

const snapshotOf = (share: typeof conversationShares.$inferSelect): Snapshot => ({
  conversationId: share.conversationId,
  lastMessageId: share.lastMessageId,
  hiddenIds: share.hiddenReplyIds,
});

/** What anyone with the link sees: the words and when, nothing about who said them or what it cost. */
export async function readShared(db: Db, code: string, readerId: number | null): Promise<SharedConversation> {
  const row = await findShare(db, code);
  const { messages, total } = await snapshotMessages(db, snapshotOf(row.share));
  // A source names its document only to a reader who may open it.
  const citations = await citationsForReader(
    db,
    readerId,
    messages.filter((message) => message.role === 'assistant').map((message) => message.id),
  );
  return {
    title: row.title,
    agent: { name: row.agentName, avatar: row.agentAvatar, agent_key: row.agentKey },
    markdown: readConfig(row.published ?? row.draft).markdown,
    messages: messages.map((message) => ({
      role: message.role,
      content: message.content,
      reasoning: message.reasoning,
      attachments: message.attachments.map(uploadedFileUrl),
      created_at: message.createdAt.toISOString(),
      ...(citations.has(message.id) ? { citations: citations.get(message.id) } : {}),
    })),
    total,
    shared_at: row.share.createdAt.toISOString(),
  };
}

/**
 * Copies a share's messages into a new conversation of the caller with the same agent, when the caller
 * may use that agent. The copy costs nothing and keeps each reply tied to the message it answers, so
 * regenerating the last reply works as in any conversation.
 */
export async function continueShared(db: Db, userId: number, code: string): Promise<ContinueSharedData> {
  const row = await findShare(db, code);
  const { agent, actor } = await loadAgent(db, { id: row.agentId }, userId);
  if (agent.status === 'off_shelf') throw new AppError('AGENT_OFF_SHELF');
  try {
    authorizeAgent(agent, actor, 'use');
  } catch {
    throw new AppError('SHARE_AGENT_UNAVAILABLE');
  }
  const conversationId = randomBytes(12).toString('base64url');
  await db.transaction(async (tx) => {
    const { messages } = await snapshotMessages(tx, snapshotOf(row.share));
    await tx.insert(conversations).values({
      id: conversationId,
      userId,
      teamId: agent.teamId,
      agentId: agent.id,
      title: row.title,
    });
    await tx
      .update(agents)
      .set({ conversationCount: sql`${agents.conversationCount} + 1` })
      .where(eq(agents.id, agent.id));
    await copyMessages(tx, conversationId, messages);
  });
  return { conversation_id: conversationId, agent_key: agent.agentKey, title: row.title };
}

async function copyMessages(tx: Tx, conversationId: string, messages: MessageRow[]) {
  if (messages.length === 0) return;
  const inserted = await tx
    .insert(chatMessages)
    .values(
      messages.map((message) => ({
        conversationId,
        role: message.role,
        content: message.content,
        reasoning: message.reasoning,
        status: message.status,
        finishReason: message.finishReason,
        modelId: message.modelId,
        attachments: message.attachments,
        suggestions: message.suggestions,
        createdAt: message.createdAt,
      })),
    )
    .returning({ id: chatMessages.id });
  // Identity values rise in the order of the inserted rows.
  const newIds = inserted.map((row) => row.id).sort((a, b) => a - b);
  const newIdOf = new Map(messages.map((message, index) => [message.id, newIds[index]!]));
  await copyCitations(tx, newIdOf);
  const parents = messages.flatMap((message, index) => {
    const parent = message.parentId === null ? undefined : newIdOf.get(message.parentId);
    return parent === undefined ? [] : [sql`(${newIds[index]!}::integer, ${parent}::integer)`];
  });
  if (parents.length === 0) return;
  await tx.execute(sql`
    update ${chatMessages} set parent_id = copied.parent_id
    from (values ${sql.join(parents, sql`, `)}) as copied(id, parent_id)
    where ${chatMessages.id} = copied.id`);
}

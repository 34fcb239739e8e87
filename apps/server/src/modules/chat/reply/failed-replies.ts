import { and, eq, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { chatMessages, conversations } from '../../../db/schema.ts';
import { type LedgerEntry, refundPoints } from '../../quotas/index.ts';

/**
 * Fails a `streaming` reply and gives its points back, in one transaction. False when it had already
 * ended: whoever ended it (its process, a sweep, a shutdown) refunded it, so it is never refunded twice.
 */
export async function failReply(
  db: Db | Tx,
  debit: LedgerEntry & { messageId: number },
  errorCode: number,
  kept: { content?: string; reasoning?: string } = {},
) {
  return db.transaction(async (tx) => {
    const [failed] = await tx
      .update(chatMessages)
      .set({ ...kept, status: 'failed', errorCode, points: 0 })
      .where(and(eq(chatMessages.id, debit.messageId), eq(chatMessages.status, 'streaming')))
      .returning({ id: chatMessages.id });
    if (failed) await refundPoints(tx, debit);
    return failed !== undefined;
  });
}

export type FailedReply = { messageId: number; conversationId: string; teamId: number };

/**
 * Fails and refunds the `streaming` replies `isOrphaned` picks (those whose process is gone), all of
 * them or the one of a conversation. Rows another process is sweeping are skipped, not waited for.
 */
export async function failOrphanedReplies(
  db: Db,
  isOrphaned: SQL,
  errorCode: number,
  conversationId?: string,
): Promise<FailedReply[]> {
  return db.transaction(async (tx) => {
    const orphans = await tx
      .select({ reply: chatMessages, conversation: conversations })
      .from(chatMessages)
      .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
      .where(
        and(
          eq(chatMessages.status, 'streaming'),
          conversationId === undefined ? undefined : eq(chatMessages.conversationId, conversationId),
          isOrphaned,
        ),
      )
      // The sweep skips replies another transaction is failing; a send waits for it, so that once the
      // sweep commits the send finds its conversation free instead of a reply it could not take back.
      .for(
        'update',
        conversationId === undefined ? { of: chatMessages, skipLocked: true } : { of: chatMessages },
      );
    const failed: FailedReply[] = [];
    for (const { reply, conversation } of orphans) {
      const debit = {
        teamId: conversation.teamId,
        userId: conversation.userId,
        agentId: conversation.agentId,
        conversationId: conversation.id,
        messageId: reply.id,
        modelId: reply.modelId,
        points: reply.points,
      };
      if (await failReply(tx, debit, errorCode)) {
        failed.push({ messageId: reply.id, conversationId: conversation.id, teamId: conversation.teamId });
      }
    }
    return failed;
  });
}

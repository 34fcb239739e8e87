import type { ChatMessage } from '@tandem/contract/chat';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { chatMessages, conversations, messageFeedback } from '../../../db/schema.ts';
import type { Chatter } from '../../../platform/auth/chatter.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { presentMessage } from '../message-presenter.ts';

type MessageRow = typeof chatMessages.$inferSelect;

/**
 * The versions of the replies among `messages`: every reply to the same user message, oldest first,
 * by reply id. Replies with one version are left out.
 */
export async function versionsOfReplies(
  db: Db | Tx,
  conversationId: string,
  messages: MessageRow[],
): Promise<Map<number, number[]>> {
  const asked = messages.flatMap((message) =>
    message.role === 'assistant' && message.parentId !== null ? [message.parentId] : [],
  );
  const versions = new Map<number, number[]>();
  if (asked.length === 0) return versions;
  const replies = await db
    .select({ id: chatMessages.id, parentId: chatMessages.parentId })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        eq(chatMessages.role, 'assistant'),
        inArray(chatMessages.parentId, asked),
      ),
    )
    .orderBy(chatMessages.id);
  const byAsked = new Map<number, number[]>();
  for (const reply of replies) {
    const ids = byAsked.get(reply.parentId!) ?? [];
    ids.push(reply.id);
    byAsked.set(reply.parentId!, ids);
  }
  for (const message of messages) {
    const ids = message.parentId === null ? undefined : byAsked.get(message.parentId);
    if (message.role === 'assistant' && ids && ids.length > 1) versions.set(message.id, ids);
  }
  return versions;
}

/**
 * Shows another version of a reply of the caller's own conversation and hides the others: the model
 * reads the shown one from the next message on. Messages after it stay as they are. Refused while a
 * version of that reply is still being written (2011).
 */
export async function selectReplyVersion(
  db: Db,
  chatter: Chatter,
  request: { conversation_id: string; message_id: number },
): Promise<ChatMessage> {
  return db.transaction(async (tx) => {
    // Locked as a share locks it, so a share made meanwhile records the versions either before or after.
    const [conversation] = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(
        and(
          eq(conversations.id, request.conversation_id),
          chatter.userId === null
            ? eq(conversations.visitorId, chatter.visitorId)
            : eq(conversations.userId, chatter.userId),
          isNull(conversations.deletedAt),
        ),
      )
      .for('update');
    if (!conversation) throw new AppError('CONVERSATION_NOT_FOUND');
    const [chosen] = await tx
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.id, request.message_id), eq(chatMessages.conversationId, conversation.id)));
    if (chosen?.role !== 'assistant' || chosen.parentId === null) {
      throw new AppError('MESSAGE_NOT_FOUND');
    }
    const siblings = and(
      eq(chatMessages.conversationId, conversation.id),
      eq(chatMessages.parentId, chosen.parentId),
      eq(chatMessages.role, 'assistant'),
    );
    const [streaming] = await tx
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(and(siblings, eq(chatMessages.status, 'streaming')));
    if (streaming) throw new AppError('REPLY_IN_PROGRESS');
    await tx
      .update(chatMessages)
      .set({ replacedAt: new Date() })
      .where(and(siblings, ne(chatMessages.id, chosen.id), isNull(chatMessages.replacedAt)));
    const [shown] = await tx
      .update(chatMessages)
      .set({ replacedAt: null })
      .where(eq(chatMessages.id, chosen.id))
      .returning();
    const [feedback] = await tx
      .select()
      .from(messageFeedback)
      .where(eq(messageFeedback.messageId, chosen.id));
    const versions = await versionsOfReplies(tx, conversation.id, [shown!]);
    return presentMessage(shown!, feedback ?? null, versions.get(chosen.id));
  });
}

import {
  type MessageFeedback,
  type MessageFeedbackData,
  type messageFeedbackBody,
  REASON_NEEDING_COMMENT,
} from '@tandem/contract/chat-feedback';
import { ERRORS } from '@tandem/contract/errors';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { chatMessages, conversations, messageFeedback } from '../../../db/schema.ts';
import type { Chatter } from '../../../platform/auth/chatter.ts';
import { AppError } from '../../../platform/http/app-error.ts';

type FeedbackRow = typeof messageFeedback.$inferSelect;
type RateRequest = z.infer<typeof messageFeedbackBody>;

/** A reply's feedback as the message list and the rating call answer it. */
export const presentFeedback = (row: Pick<FeedbackRow, 'rating' | 'reason' | 'comment'> | null) =>
  row
    ? ({
        rating: row.rating,
        reason: row.reason as MessageFeedback['reason'],
        comment: row.comment,
      } satisfies MessageFeedback)
    : null;

/** What a rating stores: a dislike's reason (and comment, required for `other`); a like neither. */
function feedbackOf(request: RateRequest): MessageFeedback | null {
  if (request.rating === null) return null;
  if (request.rating === 'like') return { rating: 'like', reason: null, comment: '' };
  const comment = request.comment ?? '';
  if (!request.reason) {
    const { code } = ERRORS.FEEDBACK_REASON_REQUIRED;
    throw new AppError('FEEDBACK_REASON_REQUIRED', {
      fields: [{ field: 'reason', message: 'required', code }],
    });
  }
  if (request.reason === REASON_NEEDING_COMMENT && comment === '') {
    const { code } = ERRORS.FEEDBACK_COMMENT_REQUIRED;
    throw new AppError('FEEDBACK_COMMENT_REQUIRED', {
      fields: [{ field: 'comment', message: 'required', code }],
    });
  }
  return { rating: 'dislike', reason: request.reason, comment };
}

/**
 * Rates a reply of the caller's own conversation (a user's, or a visitor's), or clears the rating.
 * Anyone else's message, or one of a deleted conversation, does not exist for them; only a finished
 * reply (done or stopped, not replaced by a regeneration) can be rated.
 */
export async function rateMessage(
  db: Db,
  chatter: Chatter,
  request: RateRequest,
): Promise<MessageFeedbackData> {
  const feedback = feedbackOf(request);
  const [message] = await db
    .select({
      id: chatMessages.id,
      role: chatMessages.role,
      status: chatMessages.status,
      replacedAt: chatMessages.replacedAt,
      conversationId: conversations.id,
      agentId: conversations.agentId,
    })
    .from(chatMessages)
    .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
    .where(
      and(
        eq(chatMessages.id, request.message_id),
        chatter.userId === null
          ? eq(conversations.visitorId, chatter.visitorId)
          : eq(conversations.userId, chatter.userId),
        isNull(conversations.deletedAt),
      ),
    );
  if (!message) throw new AppError('MESSAGE_NOT_FOUND');
  const isFinished = message.status === 'done' || message.status === 'stopped';
  if (message.role !== 'assistant' || !isFinished || message.replacedAt) {
    throw new AppError('MESSAGE_NOT_RATABLE');
  }

  if (!feedback) {
    await db.delete(messageFeedback).where(eq(messageFeedback.messageId, message.id));
    return { message_id: message.id, feedback: null };
  }
  const values = { rating: feedback.rating, reason: feedback.reason, comment: feedback.comment };
  await db
    .insert(messageFeedback)
    .values({
      messageId: message.id,
      conversationId: message.conversationId,
      agentId: message.agentId,
      ...values,
    })
    .onConflictDoUpdate({ target: messageFeedback.messageId, set: { ...values, updatedAt: new Date() } });
  return { message_id: message.id, feedback };
}

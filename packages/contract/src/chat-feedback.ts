import { z } from 'zod';
import { entityId } from './ids.ts';
import { DISLIKE_REASONS } from './limits.ts';

/**
 * A like or dislike on a reply: given by the conversation's owner on a finished
 * reply, one per reply, changed or cleared at will. A dislike names a reason; `other` needs a comment.
 */

export const CHAT_FEEDBACK_API = {
  rate: '/api/chat/message-feedback',
} as const;

export const FEEDBACK_RATINGS = ['like', 'dislike'] as const;
export type FeedbackRating = (typeof FEEDBACK_RATINGS)[number];
export type DislikeReason = (typeof DISLIKE_REASONS)[number];
/** The longest comment on a dislike, in characters. */
export const FEEDBACK_COMMENT_MAX = 500;

/** The reason a dislike needs a comment for. */
export const REASON_NEEDING_COMMENT: DislikeReason = 'other';

export const messageFeedback = z.object({
  rating: z.enum(FEEDBACK_RATINGS),
  /** Null on a like. */
  reason: z.enum(DISLIKE_REASONS).nullable(),
  comment: z.string(),
});
export type MessageFeedback = z.infer<typeof messageFeedback>;

/**
 * `rating: null` clears the feedback. A dislike without `reason` is refused (2014) and `other` without
 * a comment (2015), each naming the field; a like keeps neither reason nor comment.
 */
export const messageFeedbackBody = z.object({
  message_id: entityId,
  rating: z.enum(FEEDBACK_RATINGS).nullable(),
  reason: z.enum(DISLIKE_REASONS).nullish(),
  comment: z.string().trim().max(FEEDBACK_COMMENT_MAX).optional(),
});
export type MessageFeedbackBody = z.input<typeof messageFeedbackBody>;

export const messageFeedbackData = z.object({
  message_id: z.number().int(),
  feedback: messageFeedback.nullable(),
});
export type MessageFeedbackData = z.infer<typeof messageFeedbackData>;

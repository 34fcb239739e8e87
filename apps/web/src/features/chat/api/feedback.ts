import {
  CHAT_FEEDBACK_API,
  type MessageFeedback,
  type MessageFeedbackData,
} from '@tandem/contract/chat-feedback';
import { http } from '../../../shared/api/http.ts';

/** Saves the rating of a reply, or clears it (`null`); answers what the server stored. */
export const rateMessage = (messageId: number, feedback: MessageFeedback | null) =>
  http.post<MessageFeedbackData>(CHAT_FEEDBACK_API.rate, {
    message_id: messageId,
    rating: feedback?.rating ?? null,
    ...(feedback?.rating === 'dislike' ? { reason: feedback.reason, comment: feedback.comment } : {}),
  });

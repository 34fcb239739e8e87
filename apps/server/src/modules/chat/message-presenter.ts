import { uploadedFileUrl } from '@tandem/contract/api';
import type { ChatMessage } from '@tandem/contract/chat';
import type { chatMessages, messageFeedback } from '../../db/schema.ts';
import { presentFeedback } from './insights/feedback.ts';

type MessageRow = typeof chatMessages.$inferSelect;
type FeedbackRow = typeof messageFeedback.$inferSelect;

/** A message as its conversation's owner reads it; `versions` only on a reply that has several. */
export const presentMessage = (
  row: MessageRow,
  feedback: FeedbackRow | null,
  versions?: number[],
): ChatMessage => ({
  id: row.id,
  conversation_id: row.conversationId,
  role: row.role,
  content: row.content,
  reasoning: row.reasoning,
  status: row.status,
  error_code: row.errorCode,
  finish_reason: row.finishReason,
  model_id: row.modelId,
  points: row.points,
  created_at: row.createdAt.toISOString(),
  feedback: presentFeedback(feedback),
  attachments: row.attachments.map(uploadedFileUrl),
  suggestions: row.suggestions,
  ...(versions && versions.length > 1 ? { versions } : {}),
});

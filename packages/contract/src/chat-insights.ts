import { z } from 'zod';
import { FEEDBACK_RATINGS, messageFeedback } from './chat-feedback.ts';
import { pageQuery } from './envelope.ts';
import { entityId } from './ids.ts';
import { DISLIKE_REASONS } from './limits.ts';

/**
 * What an agent's administrators read of its use (the agent settings' data analysis and user feedback
 * pages): counts per day over a date range, and the rated replies.
 */

export const INSIGHTS_API = {
  analysis: '/api/agent/get-agent-analysis',
  feedbackList: '/api/agent/get-agent-feedback',
} as const;

/** The longest range data analysis covers, in days (a leap year). */
export const ANALYSIS_RANGE_MAX_DAYS = 366;
export const ANALYSIS_PRESET_DAYS = [7, 30, 90] as const;
export const ANALYSIS_DEFAULT_DAYS = 7;

const id = entityId;
/** A calendar day, `YYYY-MM-DD`. */
const calendarDay = z.iso.date();

/**
 * Days run from midnight to midnight in `time_zone`, an IANA name (`Asia/Shanghai`), the caller's own;
 * an IANA name rather than an offset so a range across a daylight-saving change still cuts at midnight.
 * Both ends are included.
 */
export const agentAnalysisQuery = z.object({
  agent_id: id,
  start_date: calendarDay,
  end_date: calendarDay,
  time_zone: z.string().min(1).max(64).default('UTC'),
});
export type AgentAnalysisQuery = z.input<typeof agentAnalysisQuery>;

const counts = {
  /** Conversations started. */
  conversations: z.number().int(),
  /** Messages users sent. */
  messages: z.number().int(),
  /** Distinct users or visitors who sent a message (over the whole range in the totals). */
  active_users: z.number().int(),
  /** Points the agent's replies spent, refunds deducted. */
  points: z.number().int(),
  likes: z.number().int(),
  dislikes: z.number().int(),
};
export const analysisCounts = z.object(counts);
export type AnalysisCounts = z.infer<typeof analysisCounts>;
export const ANALYSIS_METRICS = Object.keys(counts) as (keyof AnalysisCounts)[];

export const analysisDay = z.object({ date: z.string(), ...counts });
export type AnalysisDay = z.infer<typeof analysisDay>;

/** Every day of the range, oldest first, zeros included. */
export const agentAnalysisData = z.object({
  start_date: z.string(),
  end_date: z.string(),
  time_zone: z.string(),
  days: z.array(analysisDay),
  totals: analysisCounts,
});
export type AgentAnalysisData = z.infer<typeof agentAnalysisData>;

/** Newest first; without `rating` both kinds, `reason` narrows to dislikes with that reason. */
export const agentFeedbackQuery = z.object({
  agent_id: id,
  rating: z.enum(FEEDBACK_RATINGS).optional(),
  reason: z.enum(DISLIKE_REASONS).optional(),
  ...pageQuery.shape,
});
export type AgentFeedbackQuery = z.input<typeof agentFeedbackQuery>;

export const feedbackEntry = z.object({
  message_id: z.number().int(),
  conversation_id: z.string(),
  ...messageFeedback.shape,
  /** The user message the reply answered. */
  question: z.string(),
  reply: z.string(),
  /** Null for a visitor. */
  user: z.object({ user_id: z.number().int(), name: z.string(), avatar: z.string() }).nullable(),
  rated_at: z.string(),
});
export type FeedbackEntry = z.infer<typeof feedbackEntry>;

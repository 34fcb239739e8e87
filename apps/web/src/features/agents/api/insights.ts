import type { FeedbackRating } from '@tandem/contract/chat-feedback';
import {
  type AgentAnalysisData,
  type AnalysisCounts,
  type AnalysisDay,
  type FeedbackEntry,
  INSIGHTS_API,
} from '@tandem/contract/chat-insights';
import type { Page } from '@tandem/contract/envelope';
import type { DISLIKE_REASONS } from '@tandem/contract/limits';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/api/http.ts';
import { AGENTS_KEY } from './agents.ts';

export type { AgentAnalysisData, AnalysisCounts, AnalysisDay, FeedbackEntry };

/** Days as `YYYY-MM-DD`, both included, cut at midnight in `time_zone` (an IANA name). */
export type AnalysisRange = { start_date: string; end_date: string; time_zone: string };

export type FeedbackFilter = {
  rating?: FeedbackRating;
  reason?: (typeof DISLIKE_REASONS)[number];
  page: number;
  page_size: number;
};

/** Failures show on the page, with a retry, not as a notice. */
export const analysisQuery = (agentId: number, range: AnalysisRange) =>
  queryOptions({
    queryKey: [...AGENTS_KEY, 'analysis', agentId, range],
    queryFn: () =>
      http.get<AgentAnalysisData>(INSIGHTS_API.analysis, {
        params: { agent_id: agentId, ...range },
        silent: true,
      }),
    placeholderData: keepPreviousData,
  });

export const feedbackListQuery = (agentId: number, filter: FeedbackFilter) =>
  queryOptions({
    queryKey: [...AGENTS_KEY, 'feedback', agentId, filter],
    queryFn: () =>
      http.get<Page<FeedbackEntry>>(INSIGHTS_API.feedbackList, {
        params: { agent_id: agentId, ...filter },
        silent: true,
      }),
    placeholderData: keepPreviousData,
  });

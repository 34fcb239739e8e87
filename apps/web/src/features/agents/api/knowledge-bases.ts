import { AGENT_KNOWLEDGE_API } from '@tandem/contract/agent-knowledge';
import type { Page } from '@tandem/contract/envelope';
import type { ProjectItem } from '@tandem/contract/project';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/api/http.ts';
import { AGENTS_KEY } from './agents.ts';

export type { ProjectItem };

export const KNOWLEDGE_CHOICES_SIZE = 50;

/**
 * The projects the knowledge step offers: those of the agent's team (the current team for a new agent)
 * the editor may read, matching `keyword`.
 */
export const knowledgeBasesQuery = (agentId: number | undefined, keyword: string) =>
  queryOptions({
    queryKey: [...AGENTS_KEY, 'knowledge-bases', agentId ?? 'new', keyword],
    queryFn: () =>
      http.get<Page<ProjectItem>>(AGENT_KNOWLEDGE_API.knowledgeBases, {
        params: {
          agent_id: agentId,
          keyword: keyword.trim() || undefined,
          page_size: KNOWLEDGE_CHOICES_SIZE,
        },
      }),
    placeholderData: keepPreviousData,
  });

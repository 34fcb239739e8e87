import { KNOWLEDGE_API } from '@tandem/contract/api';
import type { KnowledgeSearchHit } from '@tandem/contract/knowledge';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/api/http.ts';
import { PROJECTS_KEY } from './projects.ts';

export type { KnowledgeSearchHit };

/** Results the search box lists at most. */
export const SEARCH_BOX_LIMIT = 10;

/**
 * A project's documents best matching `query`, titles and content (`GET /api/knowledge/search`).
 * Silent: the search box says itself when a search fails, and a newer keystroke cancels the request.
 */
export const knowledgeSearchQuery = (projectId: number, query: string) =>
  queryOptions({
    queryKey: [...PROJECTS_KEY, 'search', projectId, query] as const,
    queryFn: ({ signal }) =>
      http.get<{ data: KnowledgeSearchHit[] }>(KNOWLEDGE_API.search, {
        params: { project_id: projectId, query, limit: SEARCH_BOX_LIMIT },
        signal,
        silent: true,
      }),
    enabled: query.length > 0,
    staleTime: 10_000,
    retry: false,
  });

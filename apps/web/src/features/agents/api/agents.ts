import type {
  AgentAccess,
  AgentCard,
  AgentConfig,
  AgentDetail,
  AgentStateData,
  AgentTemplate,
  CreateAgentData,
} from '@tandem/contract/agent';
import type { HubSort, HubTab } from '@tandem/contract/agent-rules';
import { AGENT_API } from '@tandem/contract/api';
import type { Page } from '@tandem/contract/envelope';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/api/http.ts';

export type { AgentAccess, AgentCard, AgentConfig, AgentDetail, AgentTemplate };

export const AGENTS_KEY = ['agents'] as const;
export const HUB_KEY = [...AGENTS_KEY, 'hub'] as const;
export const agentKey = (id: number) => [...AGENTS_KEY, 'detail', id] as const;

export type HubFilter = {
  page: number;
  page_size: number;
  keyword: string;
  sort: HubSort;
  tab: HubTab;
  /** 1: only the agents the caller owns. */
  mine: 0 | 1;
};

export const hubQuery = (filter: HubFilter) =>
  queryOptions({
    queryKey: [...HUB_KEY, filter],
    queryFn: () =>
      http.get<Page<AgentCard>>(AGENT_API.hubList, {
        params: { ...filter, keyword: filter.keyword.trim() || undefined },
      }),
    placeholderData: keepPreviousData,
  });

export const agentDetailQuery = (id: number) =>
  queryOptions({
    queryKey: agentKey(id),
    queryFn: () => http.get<AgentDetail>(AGENT_API.detail, { params: { id } }),
    // The editor starts from what the server has now, not from a copy another tab left in the cache.
    staleTime: 0,
  });

/** The wizard's starting points, in the caller's language. */
export const templatesQuery = (locale: string) =>
  queryOptions({
    queryKey: [...AGENTS_KEY, 'templates', locale],
    queryFn: () => http.get<AgentTemplate[]>(AGENT_API.templates),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const createAgent = (config: AgentConfig, templateId?: string) =>
  http.post<CreateAgentData>(AGENT_API.create, { config, template_id: templateId });

export const updateAgent = (id: number, config: AgentConfig) =>
  http.post<AgentStateData>(AGENT_API.update, { id, config });

export const publishAgent = (id: number) => http.post<AgentStateData>(AGENT_API.publish, { id });
export const unpublishAgent = (id: number) => http.post<AgentStateData>(AGENT_API.unpublish, { id });
export const takeOffShelf = (id: number) => http.post<AgentStateData>(AGENT_API.offShelf, { id });
export const putBackOnShelf = (id: number) => http.post<AgentStateData>(AGENT_API.onShelf, { id });

/** Irreversible: the agent, its prompt configuration and its logs are removed. */
export const deleteAgent = (id: number) => http.delete<null>(AGENT_API.delete, { data: { id } });

export const setAgentAccess = (id: number, access: AgentAccess, embedOrigins: string[]) =>
  http.post<{ access: AgentAccess; embed_origins: string[] }>(AGENT_API.setAccess, {
    id,
    access,
    embed_origins: embedOrigins,
  });

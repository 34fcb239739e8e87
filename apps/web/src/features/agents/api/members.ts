import type { AgentCandidate, AgentMember } from '@tandem/contract/agent';
import type { AgentPermission } from '@tandem/contract/agent-rules';
import { AGENT_API } from '@tandem/contract/api';
import type { Page } from '@tandem/contract/envelope';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/api/http.ts';
import { AGENTS_KEY } from './agents.ts';

export type { AgentCandidate, AgentMember, AgentPermission };

export const agentMembersKey = (id: number) => [...AGENTS_KEY, 'members', id] as const;
export const agentCandidatesKey = (id: number) => [...AGENTS_KEY, 'candidates', id] as const;

/** How many people a picker offers at a time; typing narrows them down on the server. */
export const CANDIDATES_PAGE_SIZE = 20;

export const agentMembersQuery = (id: number, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...agentMembersKey(id), page, pageSize],
    queryFn: () =>
      http.get<Page<AgentMember>>(AGENT_API.memberList, { params: { id, page, page_size: pageSize } }),
    placeholderData: keepPreviousData,
  });

export const addAgentMembers = (id: number, userIds: number[], permission: AgentPermission) =>
  http.post<{ count: number }>(AGENT_API.addMembers, { id, user_ids: userIds, permission });

export const updateAgentMember = (id: number, userId: number, permission: AgentPermission) =>
  http.post<null>(AGENT_API.updateMember, { id, user_id: userId, permission });

export const removeAgentMember = (id: number, userId: number) =>
  http.delete<{ count: number }>(AGENT_API.removeMember, { data: { id, user_id: userId } });

/**
 * Members of the agent's team to choose from, each with their place on the agent: open to whoever
 * manages the agent's members, not only the team's managers.
 */
export const agentCandidatesQuery = (id: number, keyword: string) =>
  queryOptions({
    queryKey: [...agentCandidatesKey(id), keyword],
    queryFn: () =>
      http.get<Page<AgentCandidate>>(AGENT_API.candidates, {
        params: { id, page: 1, page_size: CANDIDATES_PAGE_SIZE, keyword: keyword.trim() || undefined },
      }),
    placeholderData: keepPreviousData,
  });

export const transferAgent = (id: number, userId: number) =>
  http.post<null>(AGENT_API.transfer, { id, user_id: userId });

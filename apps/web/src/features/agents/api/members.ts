import type { AgentMember } from '@tandem/contract/agent';
import type { AgentPermission } from '@tandem/contract/agent-rules';
import { AGENT_API, TEAM_API } from '@tandem/contract/api';
import type { Page } from '@tandem/contract/envelope';
import type { Member } from '@tandem/contract/team';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/api/http.ts';
import { AGENTS_KEY } from './agents.ts';

export type { AgentMember, AgentPermission };
export type TeamMember = Member;

export const agentMembersKey = (id: number) => [...AGENTS_KEY, 'members', id] as const;

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

/** Members of the current team to choose from (the team's member list: its managers may read it). */
export const teamMembersQuery = (keyword: string) =>
  queryOptions({
    queryKey: [...AGENTS_KEY, 'team-members', keyword],
    queryFn: () =>
      http.get<Page<Member>>(TEAM_API.userList, {
        params: { page: 1, page_size: 20, keyword: keyword.trim() || undefined },
      }),
    placeholderData: keepPreviousData,
  });

import type { AgentCard } from '@tandem/contract/agent';
import { AGENT_API } from '@tandem/contract/api';
import { CHAT_API, type ChatListAgent } from '@tandem/contract/chat';
import type { Page } from '@tandem/contract/envelope';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/api/http.ts';
import { CHAT_KEY } from './chat.ts';

export type { ChatListAgent };

/** The agents the user keeps at hand to chat with, latest used first. */
export const chatAgentsKey = [...CHAT_KEY, 'agent-list'] as const;

export const chatAgentsQuery = () =>
  queryOptions({
    queryKey: chatAgentsKey,
    queryFn: () => http.get<ChatListAgent[]>(CHAT_API.agentList),
  });

export const addChatAgent = (agentId: number) => http.post<null>(CHAT_API.addAgent, { agent_id: agentId });

export const removeChatAgent = (agentId: number) =>
  http.post<null>(CHAT_API.removeAgent, { agent_id: agentId });

/** Lists the agent of the chat just opened; quiet, as the chat itself shows what is wrong with it. */
export const openChatAgent = (agentId: number) =>
  http.post<{ listed: boolean }>(CHAT_API.openAgent, { agent_id: agentId }, { silent: true });

/** The current team's default assistant, which a user with no agent yet can chat with at once. */
export const defaultAssistantQuery = () =>
  queryOptions({
    queryKey: [...CHAT_KEY, 'default-assistant'],
    queryFn: async () =>
      (
        await http.get<Page<AgentCard>>(AGENT_API.hubList, {
          params: { tab: 'all', is_default: 1, page_size: 1 },
          silent: true,
        })
      ).data[0] ?? null,
    staleTime: 60_000,
  });

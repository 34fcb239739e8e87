import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ChatAgent } from '../api/chat.ts';
import { type ChatListAgent, chatAgentsKey, chatAgentsQuery, openChatAgent } from '../api/chat-agents.ts';

/**
 * Opening a chat puts its agent in the user's agents list: shown at once beside the chat, and kept by
 * the server, so the list never says it is empty beside an open conversation.
 */
export function useListOnOpen(agent: ChatAgent, isEnabled: boolean) {
  const queryClient = useQueryClient();
  const list = useQuery({ ...chatAgentsQuery(), enabled: isEnabled });
  // A full list keeps the agent out (the server says so): the list then shows what it holds.
  const [isRefused, setRefused] = useState(false);
  useEffect(() => {
    if (!isEnabled) return;
    setRefused(false);
    void openChatAgent(agent.id)
      .then(
        ({ listed }) => setRefused(!listed),
        () => setRefused(true),
      )
      .finally(() => queryClient.invalidateQueries({ queryKey: chatAgentsKey }));
  }, [agent.id, isEnabled, queryClient]);

  const shown = list.data;
  useEffect(() => {
    if (!isEnabled || isRefused || !shown || shown.some((other) => other.id === agent.id)) return;
    queryClient.setQueryData<ChatListAgent[]>(chatAgentsKey, [listedOf(agent), ...shown]);
  }, [agent, isEnabled, isRefused, shown, queryClient]);
}

const listedOf = (agent: ChatAgent): ChatListAgent => ({
  id: agent.id,
  agent_key: agent.agent_key,
  name: agent.name,
  description: agent.description,
  avatar: agent.avatar,
  status: 'published',
  points_per_request: agent.points_per_request ?? 0,
  is_default: agent.is_default,
  last_used_at: new Date().toISOString(),
});

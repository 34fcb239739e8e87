import { NOTIFICATION_TYPES } from '@tandem/contract/realtime-channels';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onRealtimeEvent } from '../../../shared/realtime/realtime-events.ts';
import { AGENTS_KEY } from '../api/agents.ts';

/**
 * An agent deleted elsewhere (SA:agent_deleted) leaves the lists and, on its own pages, answers "not found"
 * at once: every agent query is asked again.
 */
export function useAgentDeletions() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onRealtimeEvent(NOTIFICATION_TYPES.agentDeleted, () => {
        void queryClient.invalidateQueries({ queryKey: AGENTS_KEY });
      }),
    [queryClient],
  );
}

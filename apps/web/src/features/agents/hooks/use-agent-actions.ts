import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showNotice } from '../../../shared/ui/notices.ts';
import { AGENTS_KEY, agentKey, deleteAgent, putBackOnShelf, takeOffShelf } from '../api/agents.ts';

/**
 * The state changes an agent card offers: each refreshes every agent list and the agent's
 * detail, and says that it worked (a failure is said by the HTTP client).
 */
export function useAgentActions() {
  const queryClient = useQueryClient();
  const after = (id: number, doneKey: string) => async () => {
    showNotice({ key: doneKey }, 'success');
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: agentKey(id) }),
      queryClient.invalidateQueries({ queryKey: [...AGENTS_KEY, 'hub'] }),
    ]);
  };
  const offShelf = useMutation({
    mutationFn: (id: number) => takeOffShelf(id),
    onSuccess: (_, id) => after(id, 'agents.actions.off_shelf_done')(),
  });
  const onShelf = useMutation({
    mutationFn: (id: number) => putBackOnShelf(id),
    onSuccess: (_, id) => after(id, 'agents.actions.on_shelf_done')(),
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteAgent(id),
    onSuccess: async (_, id) => {
      showNotice({ key: 'agents.actions.delete_done' }, 'success');
      queryClient.removeQueries({ queryKey: agentKey(id) });
      await queryClient.invalidateQueries({ queryKey: [...AGENTS_KEY, 'hub'] });
    },
  });
  return { offShelf, onShelf, remove };
}

import { useQueryClient } from '@tanstack/react-query';
import { showNotice } from '../../../shared/ui/notices.ts';
import { AGENTS_KEY, agentKey, deleteAgent, putBackOnShelf, takeOffShelf } from '../api/agents.ts';
import { usePendingAction } from './use-pending-action.ts';

/**
 * The state changes an agent card offers: each refreshes every agent list and the agent's detail, and
 * says that it worked (a failure is said by the HTTP client). Each answers whether it worked.
 */
export function useAgentActions() {
  const queryClient = useQueryClient();
  const refresh = async (id: number) => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: agentKey(id) }),
      queryClient.invalidateQueries({ queryKey: [...AGENTS_KEY, 'hub'] }),
    ]);
  };
  const offShelf = usePendingAction(async (id: number) => {
    await takeOffShelf(id);
    showNotice({ key: 'agents.actions.off_shelf_done' }, 'success');
    await refresh(id);
    return true;
  });
  const onShelf = usePendingAction(async (id: number) => {
    await putBackOnShelf(id);
    showNotice({ key: 'agents.actions.on_shelf_done' }, 'success');
    await refresh(id);
    return true;
  });
  const remove = usePendingAction(async (id: number) => {
    await deleteAgent(id);
    showNotice({ key: 'agents.actions.delete_done' }, 'success');
    queryClient.removeQueries({ queryKey: agentKey(id) });
    await queryClient.invalidateQueries({ queryKey: [...AGENTS_KEY, 'hub'] });
    return true;
  });
  return { offShelf, onShelf, remove };
}

import { NOTIFICATION_TYPES } from '@tandem/contract/realtime-channels';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { onRealtimeEvent } from '../../../shared/realtime/realtime-events.ts';
import { PROJECT_LIST_KEY, PROJECTS_KEY } from '../api/projects.ts';

const sameId = (a: number | string, b: number) => Number(a) === b;

/**
 * Deletions made elsewhere: a deleted project (`SA:knowledge_deleted`) leaves the
 * list, and `onProjectDeleted` runs when it is the one on screen; a deleted document
 * (`SA:document_deleted`) refreshes that project's catalogue.
 */
export function useProjectDeletions(projectId?: number, onProjectDeleted?: () => void) {
  const queryClient = useQueryClient();
  const onDeleted = useRef(onProjectDeleted);
  onDeleted.current = onProjectDeleted;
  useEffect(() => {
    const offProject = onRealtimeEvent(NOTIFICATION_TYPES.knowledgeDeleted, (event) => {
      void queryClient.invalidateQueries({ queryKey: PROJECT_LIST_KEY });
      if (projectId !== undefined && sameId(event.knowledge_id, projectId)) onDeleted.current?.();
    });
    const offDocument = onRealtimeEvent(NOTIFICATION_TYPES.documentDeleted, (event) => {
      void queryClient.invalidateQueries({ queryKey: PROJECT_LIST_KEY });
      if (projectId !== undefined && sameId(event.knowledge_id, projectId)) {
        void queryClient.invalidateQueries({ queryKey: [...PROJECTS_KEY, 'tree', projectId] });
      }
    });
    return () => {
      offProject();
      offDocument();
    };
  }, [queryClient, projectId]);
}

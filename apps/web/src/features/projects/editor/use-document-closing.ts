import { NOTIFICATION_TYPES } from '@tandem/contract/realtime-channels';
import { useEffect, useState } from 'react';
import { onRealtimeEvent } from '../../../shared/realtime/realtime-events.ts';
import type { ClosedReason } from './components/document-closed-modal.tsx';

/** The document, or its whole project, deleted elsewhere (an `SA:*` notice, or the server's close). */
export function useDocumentClosing(docId: number, projectId: number, isGone: boolean) {
  const [reason, setReason] = useState<ClosedReason | null>(null);
  // The collaboration server closed the document (deleted): the notice may be on its way, or lost.
  useEffect(() => {
    if (isGone) setReason((current) => current ?? 'document');
  }, [isGone]);
  useEffect(() => {
    const offDocument = onRealtimeEvent(NOTIFICATION_TYPES.documentDeleted, (event) => {
      if (Number(event.document_id) === docId) setReason((current) => current ?? 'document');
    });
    const offProject = onRealtimeEvent(NOTIFICATION_TYPES.knowledgeDeleted, (event) => {
      if (Number(event.knowledge_id) === projectId) setReason('project');
    });
    return () => {
      offDocument();
      offProject();
    };
  }, [docId, projectId]);
  return reason;
}

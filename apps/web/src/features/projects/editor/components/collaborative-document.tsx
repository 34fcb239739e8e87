import { Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import {
  deleteDocumentCache,
  documentCacheName,
  readDocumentCache,
} from '../../../../shared/session/local-document-caches.ts';
import { collabTokenFor, type DocData, fetchDocumentHtml, saveWholeDocument } from '../api/document-api.ts';
import { collabDocumentName, collaborationUrl } from '../collab/collab-endpoint.ts';
import { CollaborationSession } from '../collab/collaboration-session.ts';
import { DocumentEditor } from './document-editor.tsx';
import { RestoreCacheDialog } from './restore-cache-dialog.tsx';

type User = { id: number; name: string; color: string };
type Phase = { step: 'checking' } | { step: 'asking'; since: number } | { step: 'open' };

/**
 * Opens the document's collaboration session; first, if this device holds edits the server never got
 * (a tab closed offline), asks whether to restore them or abandon them.
 */
export function CollaborativeDocument({ doc, user }: { doc: DocData; user: User }) {
  const cacheName = documentCacheName(user.id, doc.id);
  const [phase, setPhase] = useState<Phase>({ step: 'checking' });
  const [session, setSession] = useState<CollaborationSession | null>(null);

  useEffect(() => {
    let isCurrent = true;
    readDocumentCache(cacheName)
      .catch(() => undefined)
      .then((entry) => {
        if (!isCurrent) return;
        setPhase(entry?.unsyncedSince ? { step: 'asking', since: entry.unsyncedSince } : { step: 'open' });
      });
    return () => {
      isCurrent = false;
    };
  }, [cacheName]);

  useEffect(() => {
    if (phase.step !== 'open') return;
    const opened = new CollaborationSession({
      cacheName,
      documentName: collabDocumentName(doc.id),
      url: collaborationUrl(),
      fetchToken: async () => (await collabTokenFor(doc.id)).token,
      saveHtml: (html) => saveWholeDocument(doc.id, html),
      loadHtml: () => fetchDocumentHtml(doc.uniq_code),
    });
    setSession(opened);
    return () => {
      opened.destroy();
      setSession(null);
    };
  }, [phase.step, cacheName, doc.id, doc.uniq_code]);

  if (phase.step === 'asking') {
    return (
      <RestoreCacheDialog
        since={phase.since}
        onRestore={() => setPhase({ step: 'open' })}
        onAbandon={() => {
          void deleteDocumentCache(cacheName)
            .catch(() => undefined)
            .then(() => setPhase({ step: 'open' }));
        }}
      />
    );
  }
  if (!session) return <Skeleton active paragraph={{ rows: 8 }} className="doc-loading" />;
  return <DocumentEditor doc={doc} session={session} user={user} />;
}

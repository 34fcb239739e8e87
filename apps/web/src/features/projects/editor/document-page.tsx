import type { DocData } from '@tandem/contract/project';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isNetworkFailure } from '../../../shared/api/failure.ts';
import { useSessionStore } from '../../../shared/session/session-store.ts';
import { StandaloneFrame } from '../../../shared/ui/standalone-frame.tsx';
import { documentQuery } from './api/document-api.ts';
import { colourOf } from './collab/user-colour.ts';
import { CollaborativeDocument } from './components/collaborative-document.tsx';
import { DocumentProblem } from './components/document-problem.tsx';
import { ReadOnlyDocument } from './components/read-only-document.tsx';
import './editor.css';

/**
 * `/projects/:doc_uniq_code/:share_code?`: a document in the collaborative editor; with a share code,
 * the read-only copy anyone with the link may read, signed in or not.
 */
export function DocumentPage({ aside }: { aside?: (doc: DocData) => ReactNode }) {
  const { doc_uniq_code: uniqCode = '', share_code: shareCode } = useParams();
  return shareCode ? (
    <SharedDocument uniqCode={uniqCode} shareCode={shareCode} />
  ) : (
    <OwnDocument uniqCode={uniqCode} aside={aside} />
  );
}

/** `aside`: what the route puts beside a document its reader opened (the chat panel). */
function OwnDocument({ uniqCode, aside }: { uniqCode: string; aside?: (doc: DocData) => ReactNode }) {
  const { t } = useTranslation();
  const user = useSessionStore((state) => state.user);
  const doc = useQuery(documentQuery(uniqCode));
  if (doc.isPending || !user) return <Skeleton active paragraph={{ rows: 8 }} className="doc-loading" />;
  // Offline with the document opened before: its kept copy opens; the server is asked again later.
  if (doc.isError && !(doc.data && isNetworkFailure(doc.error)))
    return <DocumentProblem error={doc.error} onRetry={() => void doc.refetch()} />;
  // The name the others know them by in the team; never a full address.
  const name = doc.data.your_name || t('doc_editor.someone');
  return (
    <>
      <CollaborativeDocument doc={doc.data} user={{ id: user.id, name, color: colourOf(name) }} />
      {aside?.(doc.data)}
    </>
  );
}

/** How often a shared page reads the document again: the owner's edits show up while it is open. */
const SHARED_REFRESH_MS = 3000;

function SharedDocument({ uniqCode, shareCode }: { uniqCode: string; shareCode: string }) {
  const { t } = useTranslation();
  // Read again while open (the server answers from its cache until the document changes); a link
  // turned off meanwhile shows as such.
  const doc = useQuery({ ...documentQuery(uniqCode, shareCode), refetchInterval: SHARED_REFRESH_MS });
  return (
    <StandaloneFrame>
      <article className="doc-page doc-page--shared">
        {doc.isPending ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : doc.isError && !(doc.data && isNetworkFailure(doc.error)) ? (
          <DocumentProblem error={doc.error} onRetry={() => void doc.refetch()} isShareLink />
        ) : (
          <>
            <header className="doc-header">
              <h1 className="doc-header__name">{doc.data.name || t('doc_editor.untitled')}</h1>
              <span className="doc-header__read-only">{t('doc_editor.read_only')}</span>
            </header>
            <ReadOnlyDocument html={doc.data.html} />
          </>
        )}
      </article>
    </StandaloneFrame>
  );
}

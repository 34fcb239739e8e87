import { KNOWLEDGE_API } from '@tandem/contract/api';
import type { DocData } from '@tandem/contract/project';
import type { ExportFormat } from '@tandem/contract/project-rules';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../../shared/api/http.ts';
import {
  fetchCollabToken,
  fetchDocumentDetails,
  takePrefetchedDocument,
  takePrefetchedToken,
} from './document-prefetch.ts';

export type { DocData };

export const documentKey = (uniqCode: string, shareCode?: string) =>
  ['projects', 'document', uniqCode, shareCode ?? ''] as const;

const metaKey = (uniqCode: string) => `tandem.doc_meta.${uniqCode}`;

/** What the editor needs to open a document again at once: all but its content (sign-out clears it). */
function rememberMeta(doc: DocData) {
  try {
    localStorage.setItem(metaKey(doc.uniq_code), JSON.stringify({ ...doc, html: '', markdown: '' }));
  } catch {
    // Not remembered: the next opening waits for the server, as the first did.
  }
}

function recalledMeta(uniqCode: string): DocData | undefined {
  try {
    const kept = localStorage.getItem(metaKey(uniqCode));
    return kept ? (JSON.parse(kept) as DocData) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The document as the server has it. Background: opened offline, the editor still shows the copy kept on
 * this device, so a dropped network must neither pop an error nor end the session; the page shows its
 * own message for "not found" and "no permission" (a wrong share link). A document opened before starts from what was kept of it (the server
 * renders a long document's HTML and Markdown for seconds), and is checked with the server meanwhile.
 */
export const documentQuery = (uniqCode: string, shareCode?: string) =>
  queryOptions({
    queryKey: documentKey(uniqCode, shareCode),
    queryFn: async () => {
      // A share link's page shows the content; the editor gets it through the collaboration websocket.
      const doc = shareCode
        ? await http.get<DocData>(KNOWLEDGE_API.getDoc, {
            params: { uniq_code: uniqCode, share_code: shareCode },
            background: true,
            showsForbidden: true,
          })
        : await (takePrefetchedDocument(uniqCode) ?? fetchDocumentDetails(uniqCode));
      if (!shareCode) rememberMeta(doc);
      return doc;
    },
    initialData: shareCode ? undefined : () => recalledMeta(uniqCode),
    // Kept data is old by definition: the server is asked at once.
    initialDataUpdatedAt: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

/** A collaboration token for the document: the one fetched ahead on a cold opening, first. */
export const collabTokenFor = (docId: number) => takePrefetchedToken(docId) ?? fetchCollabToken(docId);

/** The server's content as HTML: the fallback's start when the websocket cannot connect. */
export const fetchDocumentHtml = async (uniqCode: string) =>
  (
    await http.get<DocData>(KNOWLEDGE_API.getDoc, {
      params: { uniq_code: uniqCode, with_content: 1 },
      background: true,
    })
  ).html;

/** The fallback when the websocket cannot connect: the whole document as HTML. */
export const saveWholeDocument = (docId: number, html: string) =>
  http.post<null>(
    KNOWLEDGE_API.saveOnlineDoc,
    { doc_id: docId, format: 'html', content: html },
    { background: true },
  );

export const renameDocument = (id: number, name: string) =>
  http.post<null>(KNOWLEDGE_API.renameDoc, { id, name });

export const exportDocument = (id: number, format: ExportFormat) =>
  http.download(KNOWLEDGE_API.exportDoc, { params: { id, format } });

export const setDocumentShared = (docId: number, enabled: boolean) =>
  http.post<{ share_code: string | null }>(KNOWLEDGE_API.shareDoc, { doc_id: docId, enabled });

import { KNOWLEDGE_API } from '@tandem/contract/api';
import type { DocData } from '@tandem/contract/project';
import { http } from '../../../../shared/api/http.ts';

export type CollabToken = { token: string; expires_in: number; can_edit: boolean };

/** The document for the editor: its details without the content, which comes through the websocket. */
export const fetchDocumentDetails = (uniqCode: string) =>
  http.get<DocData>(KNOWLEDGE_API.getDoc, {
    params: { uniq_code: uniqCode, with_content: 0 },
    background: true,
    showsForbidden: true,
  });

/** A short-lived token that opens the collaboration websocket for one document. */
export const fetchCollabToken = (docId: number) =>
  http.post<CollabToken>(KNOWLEDGE_API.collabToken, { doc_id: docId }, { background: true });

const documents = new Map<string, Promise<DocData>>();
const tokens = new Map<number, Promise<CollabToken>>();

/**
 * A cold opening of a document's page (a link followed, a reload) starts reading the document, then a
 * collaboration token for it, while the page's chunk downloads: the editor then waits for neither.
 * Each is taken once, by the first reader; a failure is left to it to report.
 */
export function prefetchDocument(uniqCode: string) {
  if (documents.has(uniqCode)) return;
  const details = fetchDocumentDetails(uniqCode);
  documents.set(uniqCode, details);
  details
    .then((doc) => {
      const token = fetchCollabToken(doc.id);
      token.catch(() => {
        // The editor asks again when its socket opens.
      });
      tokens.set(doc.id, token);
    })
    .catch(() => {
      // The page asks again and shows what went wrong.
    });
}

export function takePrefetchedDocument(uniqCode: string) {
  const details = documents.get(uniqCode);
  documents.delete(uniqCode);
  return details;
}

export function takePrefetchedToken(docId: number) {
  const token = tokens.get(docId);
  tokens.delete(docId);
  return token;
}

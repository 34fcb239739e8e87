import { COLLABORATION_PATH } from '@tandem/contract/api';

/** The collaboration websocket on the page's own origin. */
export const collaborationUrl = () =>
  `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${COLLABORATION_PATH}`;

/** The document's name on the collaboration server (its id). */
export const collabDocumentName = (docId: number) => String(docId);

/** The Yjs fragment the editor's text lives in (the Collaboration extension's `field`). */
export const DOCUMENT_FIELD = 'default';

/** The reasons the collaboration server closes a document with, and the error each one shows. */
export const COLLAB_REFUSALS = {
  document_too_large: 'document_too_large',
  document_content_invalid: 'document_content_invalid',
  storage_quota_exceeded: 'storage_quota_exceeded',
  access_revoked: 'document_access_revoked',
} as const;
export type CollabRefusal = (typeof COLLAB_REFUSALS)[keyof typeof COLLAB_REFUSALS];

/** The error key of a reason the server closed the document with, or null for any other close. */
export const refusalOf = (reason: string | undefined): CollabRefusal | null =>
  reason !== undefined && Object.hasOwn(COLLAB_REFUSALS, reason)
    ? COLLAB_REFUSALS[reason as keyof typeof COLLAB_REFUSALS]
    : null;

/** What the header says about the document's copy on the server. */
export type SyncStatus = 'connecting' | 'saved' | 'saving' | 'offline' | 'sync_failed';

export type ConnectionFacts = {
  /** The browser says it has a network. */
  isOnline: boolean;
  socket: 'connecting' | 'connected' | 'disconnected';
  /** The first exchange with the server is done since the socket last opened. */
  isSynced: boolean;
  /** Local changes the server has not confirmed yet. */
  unsyncedChanges: number;
  /** The server refused the document (an expired token renewed in vain, no permission any more). */
  isRefused: boolean;
  /** The server closed the document for good: it was deleted. */
  isGone: boolean;
  /**
   * The server closed the document and why (the error key the editor shows): an update refused (past
   * the size limit, the storage quota, or content the editor cannot show), or access taken away.
   */
  refusal: CollabRefusal | null;
  /** The server says this editor may only read from now on (downgraded to viewer). */
  isReadOnly: boolean;
  /**
   * The websocket never connected but HTTP works: the server's content is loaded over HTTP (`loading`),
   * then whole-document saves (save-online-doc).
   */
  fallback: 'off' | 'loading' | 'idle' | 'saving' | 'failed';
  /** This device's copy (y-indexeddb) is loaded into the document. */
  isDeviceCopyLoaded: boolean;
  /** That copy held some of the document's content (it was opened here before). */
  hasDeviceContent: boolean;
  /** The server's content arrived at least once since the document opened. */
  hasSyncedOnce: boolean;
};

export const initialFacts: ConnectionFacts = {
  isOnline: true,
  socket: 'connecting',
  isSynced: false,
  unsyncedChanges: 0,
  isRefused: false,
  isGone: false,
  refusal: null,
  isReadOnly: false,
  fallback: 'off',
  isDeviceCopyLoaded: false,
  hasDeviceContent: false,
  hasSyncedOnce: false,
};

/**
 * Whether the document's content is in the editor, so typing may begin. Typed into an empty Yjs
 * document before the content arrives, keys make paragraphs of their own that Yjs then merges beside
 * the arriving ones: a letter lost, another moved to the end, a heading's style carried past Enter.
 * So the text waits for the server's first sync, or for this device's copy when it holds the document
 * (offline work goes on from it; the server merges it later as any concurrent edit), or for this
 * device's copy, even empty, once the server cannot be reached (a new document written offline).
 */
export function hasFirstContent(facts: ConnectionFacts): boolean {
  if (facts.hasSyncedOnce || facts.fallback !== 'off') return true;
  if (!facts.isDeviceCopyLoaded) return false;
  return facts.hasDeviceContent || !facts.isOnline || facts.socket === 'disconnected' || facts.isRefused;
}

/** Offline edits stay on this device; a failed sync keeps the local cache. */
export function syncStatusOf(facts: ConnectionFacts): SyncStatus {
  if (facts.fallback !== 'off') {
    if (facts.fallback === 'failed') return 'sync_failed';
    if (facts.fallback === 'loading') return 'connecting';
    return facts.fallback === 'saving' ? 'saving' : 'saved';
  }
  if (!facts.isOnline) return 'offline';
  if (facts.isRefused) return 'sync_failed';
  if (facts.socket === 'disconnected') return 'offline';
  if (facts.socket === 'connecting' || !facts.isSynced) return 'connecting';
  return facts.unsyncedChanges > 0 ? 'saving' : 'saved';
}

/** The banners: offline keeps changes on this device; a failed sync keeps them in the local cache. */
export const bannerOf = (status: SyncStatus): 'offline' | 'sync_failed' | null =>
  status === 'offline' || status === 'sync_failed' ? status : null;

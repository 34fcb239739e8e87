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
   * The websocket never connected but HTTP works: the server's content is loaded over HTTP (`loading`),
   * then whole-document saves (save-online-doc).
   */
  fallback: 'off' | 'loading' | 'idle' | 'saving' | 'failed';
};

export const initialFacts: ConnectionFacts = {
  isOnline: true,
  socket: 'connecting',
  isSynced: false,
  unsyncedChanges: 0,
  isRefused: false,
  isGone: false,
  fallback: 'off',
};

/** Spec part B section 4: offline edits stay on this device; a failed sync keeps the local cache. */
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

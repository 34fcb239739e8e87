import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { IndexeddbPersistence } from 'y-indexeddb';
import * as Y from 'yjs';
import { touchDocumentCache } from '../../../../shared/session/local-document-caches.ts';
import { type ConnectionFacts, DOCUMENT_FIELD, initialFacts, refusalOf } from './sync-status.ts';

/**
 * A performance mark for the opening's first time past a step (`bench/document-open.bench.mjs` reads
 * them to say where an opening's time goes).
 */
export const markOnce = (name: string) => {
  if (performance.getEntriesByName(name, 'mark').length === 0) performance.mark(name);
};

/** Failed connection attempts (HTTP working) before the editor saves whole documents instead. */
const ATTEMPTS_BEFORE_FALLBACK = 3;
const FALLBACK_SAVE_DELAY_MS = 1500;
/** The server closes a deleted document's connections with this code (its DOCUMENT_GONE). */
const DOCUMENT_GONE_CODE = 4410;

export type CollaborationOptions = {
  /** The y-indexeddb database: one per user and document. */
  cacheName: string;
  /** The document's name on the collaboration server. */
  documentName: string;
  url: string;
  /** A fresh token for every connection, so an expired one is renewed by reconnecting. */
  fetchToken(): Promise<string>;
  /** Whole-document save for when the websocket cannot connect at all. */
  saveHtml(html: string): Promise<unknown>;
  /** The server's content as HTML, which the fallback starts from. */
  loadHtml(): Promise<string>;
};

/**
 * One open document: its Yjs state, kept on this device (y-indexeddb) and shared with the server and
 * the other editors (Hocuspocus). The page subscribes to the connection facts it shows.
 */
export class CollaborationSession {
  readonly ydoc = new Y.Doc();
  readonly persistence: IndexeddbPersistence;
  readonly socket: HocuspocusProviderWebsocket;
  readonly provider: HocuspocusProvider;
  /** The editor's HTML, for the fallback save; set once the editor exists. */
  htmlOf: () => string = () => '';
  /** Replaces the editor's content (the fallback's start); set once the editor exists. */
  setHtml: (html: string) => void = () => {};
  private isSeeding = false;
  /** The fallback has the server's content in the editor: only then may it save whole documents. */
  private hasServerContent = false;
  private facts: ConnectionFacts = { ...initialFacts, isOnline: navigator.onLine };
  private readonly listeners = new Set<() => void>();
  private hasConnected = false;
  private failedAttempts = 0;
  private isProbingHttp = false;
  private refusals = 0;
  private isMarkedUnsynced = false;
  /** A restored cache still carries its mark from an earlier visit: the first full sync clears it. */
  private hasMarkToClear = true;
  private markerWrites: Promise<unknown> = Promise.resolve();
  private saveTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: CollaborationOptions) {
    markOnce('doc:session');
    this.persistence = new IndexeddbPersistence(options.cacheName, this.ydoc);
    this.socket = new HocuspocusProviderWebsocket({ url: options.url });
    this.provider = new HocuspocusProvider({
      websocketProvider: this.socket,
      name: options.documentName,
      document: this.ydoc,
      token: () => this.token(),
    });
    this.socket.on('status', ({ status }: { status: ConnectionFacts['socket'] }) =>
      this.onSocketStatus(status),
    );
    this.provider.on('synced', () => {
      markOnce('doc:synced');
      this.update({ isSynced: true, hasSyncedOnce: true });
      this.onUnsyncedChanges();
    });
    this.provider.on('close', ({ event }: { event?: { code?: number; reason?: string } }) => {
      this.update({ isSynced: false });
      if (event?.code === DOCUMENT_GONE_CODE) this.onGone();
      const refusal = refusalOf(event?.reason);
      // Refused or shut out: what is typed now would not be kept; the editor says why.
      if (refusal) {
        this.socket.disconnect();
        this.update({ refusal });
      }
    });
    this.provider.on('stateless', ({ payload }: { payload: string }) => {
      if (payload === '{"type":"read_only"}') this.update({ isReadOnly: true });
    });
    this.provider.on('unsyncedChanges', () => this.onUnsyncedChanges());
    void this.persistence.whenSynced.then(() => {
      markOnce('doc:device-copy');
      this.update({
        isDeviceCopyLoaded: true,
        hasDeviceContent: this.ydoc.getXmlFragment(DOCUMENT_FIELD).length > 0,
      });
      this.onUnsyncedChanges();
    });
    this.provider.on('authenticated', () => {
      this.refusals = 0;
      this.update({ isRefused: false });
    });
    this.provider.on('authenticationFailed', () => this.onRefused());
    this.ydoc.on('update', this.onDocumentUpdate);
    addEventListener('online', this.onOnline);
    addEventListener('offline', this.onOffline);
    this.queueMarker(undefined);
    this.provider.attach();
  }

  getFacts = () => this.facts;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  destroy() {
    removeEventListener('online', this.onOnline);
    removeEventListener('offline', this.onOffline);
    clearTimeout(this.saveTimer);
    this.ydoc.off('update', this.onDocumentUpdate);
    this.provider.destroy();
    this.socket.destroy();
    void this.persistence.destroy();
    this.listeners.clear();
  }

  private update(next: Partial<ConnectionFacts>) {
    this.facts = { ...this.facts, ...next };
    for (const listener of [...this.listeners]) listener();
  }

  private async token() {
    try {
      return await this.options.fetchToken();
    } catch {
      // The server refuses an empty token; the refusal handler decides what to say.
      return '';
    }
  }

  /** Deleted on the server: nothing more to send, and nothing on this device worth keeping. */
  private onGone() {
    this.socket.disconnect();
    this.isMarkedUnsynced = false;
    void this.persistence.clearData();
    this.update({ isGone: true });
  }

  private onSocketStatus(status: ConnectionFacts['socket']) {
    if (status === 'connected') {
      markOnce('doc:socket');
      this.hasConnected = true;
      this.failedAttempts = 0;
    }
    if (status === 'disconnected' && !this.hasConnected) this.failedAttempts += 1;
    this.update({ socket: status });
    if (this.failedAttempts >= ATTEMPTS_BEFORE_FALLBACK && navigator.onLine) void this.probeHttp();
  }

  /** The websocket keeps failing while the network is up: if HTTP answers, save through it instead. */
  private async probeHttp() {
    if (this.isProbingHttp || this.facts.fallback !== 'off') return;
    this.isProbingHttp = true;
    try {
      await this.options.fetchToken();
      if (!this.hasConnected) await this.startFallback();
    } catch {
      // No HTTP either: the device is offline as far as the server goes; the socket keeps retrying.
    } finally {
      this.isProbingHttp = false;
    }
  }

  /** A refused token is renewed once by reconnecting (a fresh token each time); twice is a refusal. */
  private onRefused() {
    this.refusals += 1;
    if (this.refusals > 1) {
      this.update({ isRefused: true });
      return;
    }
    this.socket.disconnect();
    void this.socket.connect();
  }

  private onUnsyncedChanges() {
    this.update({ unsyncedChanges: this.provider.unsyncedChanges });
    // The device's copy must be loaded (and so sent) before the server can be said to have it all.
    if (this.provider.unsyncedChanges > 0 || !this.provider.isSynced || !this.persistence.synced) return;
    if (this.isMarkedUnsynced || this.hasMarkToClear) {
      this.isMarkedUnsynced = false;
      this.hasMarkToClear = false;
      this.queueMarker(false);
    }
  }

  private readonly onDocumentUpdate = (_update: Uint8Array, origin: unknown) => {
    if (origin === this.provider || origin === this.persistence || this.isSeeding) return;
    if (!this.isMarkedUnsynced && this.facts.fallback === 'off') {
      this.isMarkedUnsynced = true;
      this.queueMarker(true);
    }
    if (this.facts.fallback !== 'off') this.scheduleFallbackSave();
  };

  /** Marker writes keep their order: a quick "unsynced" then "synced" must not land the other way round. */
  private queueMarker(unsynced: boolean | undefined) {
    this.markerWrites = this.markerWrites
      .then(() => touchDocumentCache(this.options.cacheName, unsynced))
      .catch(() => undefined);
  }

  private readonly onOnline = () => {
    this.update({ isOnline: true });
    if (this.facts.fallback === 'off') void this.socket.connect();
    else if (this.hasServerContent) this.scheduleFallbackSave();
    else void this.startFallback();
  };

  private readonly onOffline = () => {
    this.update({ isOnline: false });
    // The browser keeps a dead socket open for a while; the editor goes offline at once.
    this.socket.disconnect();
  };

  /**
   * Whole documents saved over HTTP replace the server's content, so this device's Yjs history no
   * longer matches the server's: the local cache is dropped rather than merged into it later. The
   * editor first takes the server's content (it never got it through the websocket): a save of what
   * it showed before, empty on a first opening, would wipe the document. Until then it is read-only;
   * without the content no save is made at all.
   */
  private async startFallback() {
    this.socket.disconnect();
    void this.persistence.clearData();
    this.isMarkedUnsynced = false;
    this.update({ fallback: 'loading' });
    try {
      const html = await this.options.loadHtml();
      this.isSeeding = true;
      try {
        this.setHtml(html);
        this.hasServerContent = true;
      } finally {
        this.isSeeding = false;
      }
      this.update({ fallback: 'idle' });
    } catch {
      this.update({ fallback: 'failed' });
    }
  }

  private scheduleFallbackSave() {
    if (!this.hasServerContent) return;
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => void this.saveFallback(), FALLBACK_SAVE_DELAY_MS);
  }

  private async saveFallback() {
    this.update({ fallback: 'saving' });
    try {
      await this.options.saveHtml(this.htmlOf());
      this.update({ fallback: 'idle' });
    } catch {
      this.update({ fallback: 'failed' });
    }
  }
}

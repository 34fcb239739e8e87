import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type Connection, type Document, Hocuspocus } from '@hocuspocus/server';
import { DOCUMENT_MAX_BYTES } from '@tandem/contract/project-rules';
import { WebSocketServer } from 'ws';
import * as Y from 'yjs';
import type { Db } from '../../db/client.ts';
import type { NodeBus } from '../../platform/bus/node-bus.ts';
import { type AccessChange, type AccessWatch, isAffected } from '../../platform/realtime/access-changes.ts';
import { ACCESS_REVOKED, liveAccess, READ_ONLY_NOTICE } from './collab-access.ts';
import { createCollabRelay } from './collab-relay.ts';
import {
  type CollabGrant,
  type CollabTokens,
  collabDocumentName,
  documentIdOfName,
} from './collab-tokens.ts';
import { createCollabWrites, isAcknowledgement } from './collab-writes.ts';
import { loadDocumentState, mergeInto, storeDocumentState } from './document-state.ts';

/**
 * What a connection carries from its token (who, which document, whether they may edit) and where
 * the document lives, for access checks when access changes.
 */
export type CollabContext = { grant?: CollabGrant; userId?: number; projectId?: number; teamId?: number };

/**
 * The largest frame: a whole document (an editor's first sync of a full one) and a little framing.
 * A larger one closes the socket (1009) before it is read into memory.
 */
const MAX_FRAME_BYTES = DOCUMENT_MAX_BYTES + 64 * 1024;
/** y-protocols sync message types. */
const SYNC_STEP_1 = 0;
const SYNC_STEP_2 = 1;
/** Sent to the editors of a deleted document: its connections close for good. */
export const DOCUMENT_GONE = { code: 4410, reason: 'document_deleted' };

/** A refused token: without a message, so Hocuspocus does not print every refusal to stderr. */
const refused = () => new Error();

type Log = { warn(object: object, message: string): void; error(object: object, message: string): void };

/**
 * The collaboration server: Hocuspocus on our own HTTP server's upgrade (no port of its own), signed
 * tokens checked again against the database on connect, each document's state in `document_states`,
 * and updates relayed to the other server processes.
 */
export function createCollabServer(options: {
  db: Db;
  bus: NodeBus;
  tokens: CollabTokens;
  log: Log;
  /** Access changes heard from this process and the other nodes: open connections check again. */
  access?: AccessWatch;
}) {
  const { db, tokens, log } = options;
  const writes = createCollabWrites(db);
  /** Each connection's update log writes not yet done, in order: its acknowledgements wait for them. */
  const pendingWrites = new WeakMap<Connection<CollabContext>, Promise<void>>();
  /** Documents changed since their last store: opening and closing alone never bumps `updated_at`. */
  const changed = new WeakSet<Document>();
  const relay = createCollabRelay({
    bus: options.bus,
    hocuspocus: () => hocuspocus,
    onClose: closeLocal,
    log,
  });

  const hocuspocus: Hocuspocus<CollabContext> = new Hocuspocus<CollabContext>({
    quiet: true,
    extensions: [relay.extension],

    async onAuthenticate({ token, documentName, connectionConfig }) {
      const grant = await tokens.verify(token);
      const documentId = documentIdOfName(documentName);
      if (!grant || documentId === undefined || grant.documentId !== documentId) throw refused();
      const access = await liveAccess(db, grant);
      if (!access) throw refused();
      connectionConfig.readOnly = !access.canEdit;
      return {
        grant,
        userId: grant.userId ?? undefined,
        projectId: access.projectId,
        teamId: access.teamId,
      } satisfies CollabContext;
    },

    async onLoadDocument({ documentName, document }) {
      const state = await loadDocumentState(db, documentIdOfName(documentName)!);
      if (state) Y.applyUpdate(document, state);
      writes.noteSize(document, state?.byteLength ?? 0);
      // Marked at once: hooks run later, and a direct connection stores as soon as it disconnects.
      document.on('update', () => changed.add(document));
    },

    /**
     * An editor's update is checked (schema, size, storage) before it is applied, and acknowledged
     * only once written to the update log. A refused one is not applied: the connection turns
     * read-only for it and closes with the reason, which the editor shows.
     */
    async beforeSync({ type, payload, connection, document, context }) {
      if (type === SYNC_STEP_1 || connection.readOnly || !context.grant || context.teamId === undefined)
        return;
      const outcome = await writes.accept(
        document,
        { documentId: context.grant.documentId, teamId: context.teamId },
        payload,
        type === SYNC_STEP_2,
      );
      if ('refusal' in outcome) {
        connection.readOnly = true;
        connection.close(outcome.refusal);
      } else if (outcome.written) {
        holdAcknowledgements(connection, outcome.written);
      }
    },

    /** Presence carries the name from the token, never one the client made up; a visitor shows none. */
    async beforeHandleAwareness({ states, connection, context }) {
      if (!connection) return;
      const grant = context?.grant;
      if (!grant || grant.userId === null) {
        states.clear();
        return;
      }
      const name = grant.name ?? '';
      for (const state of states.values()) {
        if (typeof state.user === 'object' && state.user !== null) state.user = { ...state.user, name };
      }
    },

    async onStoreDocument({ documentName, document, lastContext }) {
      if (!changed.has(document)) return;
      changed.delete(document);
      const merge = mergeInto(document, { source: 'local', context: { isRelayed: true } });
      try {
        await storeDocumentState(
          db,
          documentIdOfName(documentName)!,
          (stored) => {
            const state = merge(stored);
            writes.noteSize(document, state.byteLength);
            return state;
          },
          (lastContext as CollabContext | undefined)?.userId ?? null,
        );
      } catch (error) {
        changed.add(document);
        throw error;
      }
    },
  });

  /**
   * The update is applied (and sent to the other editors) at once, but its acknowledgement waits until
   * it, and every earlier one of the connection, is in the update log. A write that fails closes the
   * socket: the editor reconnects and sends what was not acknowledged again.
   */
  function holdAcknowledgements(connection: Connection<CollabContext>, written: Promise<void>) {
    written.catch(() => {});
    const previous = pendingWrites.get(connection);
    if (!previous) {
      const send = connection.send.bind(connection);
      connection.send = (message: Uint8Array) => {
        const pending = pendingWrites.get(connection);
        if (!pending || !isAcknowledgement(message)) return send(message);
        pending.then(
          () => send(message),
          (error: unknown) => {
            log.warn({ err: error }, 'an update could not be written to the update log');
            (connection.webSocket as { close(code?: number): void }).close(1011);
          },
        );
      };
    }
    const chain = (previous ?? Promise.resolve()).then(() => written);
    chain.catch(() => {});
    pendingWrites.set(connection, chain);
  }

  /** Checks the open connections a change names again: closes those without access, makes read-only those that may only read. */
  async function recheck(change: AccessChange) {
    const checks: Promise<void>[] = [];
    for (const document of hocuspocus.documents.values()) {
      for (const connection of document.getConnections() as Connection<CollabContext>[]) {
        const { grant, projectId, teamId } = connection.context;
        if (!grant) continue;
        const of = {
          userId: grant.userId,
          sessionId: grant.sessionId,
          teamId,
          projectId,
          documentId: grant.documentId,
        };
        if (isAffected(change, of)) checks.push(recheckConnection(connection, grant));
      }
    }
    await Promise.all(checks);
  }

  async function recheckConnection(connection: Connection<CollabContext>, grant: CollabGrant) {
    const access = await liveAccess(db, grant);
    if (!access) {
      connection.close(ACCESS_REVOKED);
    } else if (!access.canEdit && !connection.readOnly) {
      connection.readOnly = true;
      connection.sendStateless(READ_ONLY_NOTICE);
    }
  }
  const stopAccessChecks = options.access?.onChange(recheck);

  /** Closes every connection of these documents in this process and drops their copies unsaved. */
  function closeLocal(documentIds: number[]) {
    for (const id of documentIds) {
      const document = hocuspocus.documents.get(collabDocumentName(id));
      if (!document) continue;
      changed.delete(document);
      for (const connection of document.getConnections()) connection.close(DOCUMENT_GONE);
      void hocuspocus.unloadDocument(document).catch((error: unknown) => {
        log.warn({ err: error, documentId: id }, 'closing a deleted document failed');
      });
    }
  }

  const sockets = new WebSocketServer({
    noServer: true,
    perMessageDeflate: false,
    maxPayload: MAX_FRAME_BYTES,
  });
  let isClosing = false;

  return {
    hocuspocus,
    tokens,
    closeLocal,
    publishClose: relay.publishClose,
    recheck,

    handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
      if (isClosing) {
        socket.destroy();
        return;
      }
      sockets.handleUpgrade(request, socket, head, (ws) => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(request.headers))
          if (typeof value === 'string') headers.set(name, value);
        const connection = hocuspocus.handleConnection(
          ws,
          new Request(`http://localhost${request.url ?? '/'}`, { headers }),
          {},
        );
        ws.on('message', (data: Buffer) => connection.handleMessage(new Uint8Array(data)));
        ws.on('close', (code, reason) => connection.handleClose({ code, reason: reason.toString() }));
        // A socket error is followed by 'close'; without a listener it would crash the process.
        ws.on('error', (error) => log.warn({ err: error }, 'collaboration socket error'));
      });
    },

    /** Runs `change` on the live document (loaded if no one has it open), seen by open editors at once. */
    async change(documentId: number, userId: number, change: (document: Y.Doc) => void) {
      const connection = await hocuspocus.openDirectConnection(collabDocumentName(documentId), { userId });
      try {
        await connection.transact((document) => change(document));
      } finally {
        await connection.disconnect();
      }
    },

    /** The document's current state: the live copy when this process holds one, else the stored one. */
    async read(documentId: number): Promise<Y.Doc> {
      const live = hocuspocus.documents.get(collabDocumentName(documentId));
      const copy = new Y.Doc();
      const state = live ? Y.encodeStateAsUpdate(live) : await loadDocumentState(db, documentId);
      if (state) Y.applyUpdate(copy, state);
      return copy;
    },

    async close() {
      isClosing = true;
      relay.stop();
      stopAccessChecks?.();
      for (const client of sockets.clients) client.close(1001, 'server shutting down');
      hocuspocus.flushPendingStores();
      // Stores run on their own; wait until every document has been written and let go.
      const deadline = Date.now() + 10_000;
      while (hocuspocus.getDocumentsCount() > 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
    },
  };
}

export type CollabServer = ReturnType<typeof createCollabServer>;

import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type Document, Hocuspocus } from '@hocuspocus/server';
import { eq } from 'drizzle-orm';
import { WebSocketServer } from 'ws';
import * as Y from 'yjs';
import type { Db } from '../../db/client.ts';
import { documents } from '../../db/schema.ts';
import type { NodeBus } from '../../platform/bus/node-bus.ts';
import { documentAccess, mayDo } from '../project/policy.ts';
import { createCollabRelay } from './collab-relay.ts';
import {
  type CollabGrant,
  type CollabTokens,
  collabDocumentName,
  documentIdOfName,
} from './collab-tokens.ts';
import { loadDocumentState, mergeInto, storeDocumentState } from './document-state.ts';

/** What a connection carries from its token: who, which document, whether they may edit. */
export type CollabContext = { grant?: CollabGrant; userId?: number };

/** A document's whole state (Yjs update) is a few MB at most; frames past this close the socket. */
const MAX_FRAME_BYTES = 32 * 1024 * 1024;
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
export function createCollabServer(options: { db: Db; bus: NodeBus; tokens: CollabTokens; log: Log }) {
  const { db, tokens, log } = options;
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
      const canEdit = await currentRight(grant);
      if (canEdit === undefined) throw refused();
      connectionConfig.readOnly = !canEdit;
      return { grant, userId: grant.userId ?? undefined };
    },

    async onLoadDocument({ documentName, document }) {
      const state = await loadDocumentState(db, documentIdOfName(documentName)!);
      if (state) Y.applyUpdate(document, state);
      // Marked at once: hooks run later, and a direct connection stores as soon as it disconnects.
      document.on('update', () => changed.add(document));
    },

    async onStoreDocument({ documentName, document, lastContext }) {
      if (!changed.has(document)) return;
      changed.delete(document);
      try {
        await storeDocumentState(
          db,
          documentIdOfName(documentName)!,
          mergeInto(document, { source: 'local', context: { isRelayed: true } }),
          (lastContext as CollabContext | undefined)?.userId ?? null,
        );
      } catch (error) {
        changed.add(document);
        throw error;
      }
    },
  });

  /** What the grant allows now: a revoked share link, a removed member or a deleted document is refused. */
  async function currentRight(grant: CollabGrant): Promise<boolean | undefined> {
    if (grant.userId === null) {
      const [row] = await db
        .select({ shareCode: documents.shareCode })
        .from(documents)
        .where(eq(documents.id, grant.documentId))
        .limit(1);
      return row?.shareCode && row.shareCode === grant.shareCode ? false : undefined;
    }
    const access = await documentAccess(db, grant.userId, grant.documentId);
    if (!access) return undefined;
    return grant.canEdit && mayDo(access.role, 'edit');
  }

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

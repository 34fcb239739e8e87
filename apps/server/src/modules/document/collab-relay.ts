import type { Document, Extension, Hocuspocus } from '@hocuspocus/server';
import { applyAwarenessUpdate, encodeAwarenessUpdate } from 'y-protocols/awareness';
import * as Y from 'yjs';
import type { NodeBus } from '../../platform/bus/node-bus.ts';

export const COLLAB_TOPIC = 'collab';

/** Transactions applying what another node sent: not sent back out, still stored here. */
export const RELAYED = { source: 'local', context: { isRelayed: true } } as const;
const AWARENESS_RELAYED = 'relayed';

/**
 * Bus messages, all naming the sending node `n`: `u` an update of document `d` (`sv`: the sender's
 * state vector, asking for what it lacks; `to`: the one node it is for), `s` a node that just loaded
 * `d` asking the others for what it lacks, `a` an awareness update (cursors and names), `c` documents
 * deleted: close them everywhere.
 */
export type RelayMessage =
  | { t: 'u'; d: string; n: string; u: string; sv?: string; to?: string }
  | { t: 's'; d: string; n: string; sv: string }
  | { t: 'a'; d: string; n: string; a: string }
  | { t: 'c'; n: string; ids: number[] };

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const bytesOf = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));

const isRelayed = (context: unknown) =>
  typeof context === 'object' && context !== null && 'isRelayed' in context;

/**
 * Carries document updates and cursors between the server processes sharing one PostgreSQL, over the
 * node bus (LISTEN/NOTIFY; it cuts messages past 8000 bytes into parts). Nothing is lost for good if
 * a message is: a node that loads a document, or whose bus reconnected, asks the others for what its
 * copy lacks, and every store merges with the database. With PGlite the bus is this process only and
 * nothing is sent.
 */
export function createCollabRelay(options: {
  bus: NodeBus;
  hocuspocus: () => Hocuspocus;
  onClose: (documentIds: number[]) => void;
  log: { warn(object: object, message: string): void };
}): { extension: Extension; publishClose(ids: number[]): Promise<void>; stop(): void } {
  const { bus } = options;
  const node = bus.nodeId;
  const publish = (message: RelayMessage) =>
    bus.isLocal ? Promise.resolve() : bus.publish(COLLAB_TOPIC, message);
  const askForMissing = (name: string, doc: Y.Doc) =>
    publish({ t: 's', d: name, n: node, sv: b64(Y.encodeStateVector(doc)) });

  function receive(message: RelayMessage) {
    if (message.n === node) return;
    if (message.t === 'c') return options.onClose(message.ids);
    const instance = options.hocuspocus();
    const doc = instance.documents.get(message.d);
    if (doc) {
      if (!doc.isLoading) handle(doc, message);
      return;
    }
    // Still loading here: the answer to the request its loading sends can come first. It waits for the
    // document (Hocuspocus lists it only once its load hooks are done), or it is lost.
    instance.loadingDocuments.get(message.d)?.then(
      (loaded) => {
        try {
          handle(loaded, message);
        } catch (error) {
          options.log.warn({ err: error, document: message.d }, 'relayed message failed');
        }
      },
      // It did not load: there is no copy here to bring up to date.
      () => {},
    );
  }

  function handle(doc: Document, message: Exclude<RelayMessage, { t: 'c' }>) {
    if (message.t === 'a') {
      applyAwarenessUpdate(doc.awareness, bytesOf(message.a), AWARENESS_RELAYED);
    } else if (message.t === 's') {
      const update = Y.encodeStateAsUpdate(doc, bytesOf(message.sv));
      void publish({
        t: 'u',
        d: message.d,
        n: node,
        u: b64(update),
        sv: b64(Y.encodeStateVector(doc)),
        to: message.n,
      });
    } else if (message.to === undefined || message.to === node) {
      Y.applyUpdate(doc, bytesOf(message.u), RELAYED);
      // A node answering our request also asks for what it lacks: send it back, once.
      if (message.sv) {
        const update = Y.encodeStateAsUpdate(doc, bytesOf(message.sv));
        void publish({ t: 'u', d: message.d, n: node, u: b64(update), to: message.n });
      }
    }
  }

  const unsubscribe = bus.subscribe(COLLAB_TOPIC, (payload) => receive(payload as RelayMessage));
  const stopResume = bus.onResume(() => {
    for (const [name, doc] of options.hocuspocus().documents) void askForMissing(name, doc);
  });

  const extension: Extension = {
    extensionName: 'tandem-relay',
    async afterLoadDocument({ documentName, document }) {
      await askForMissing(documentName, document);
    },
    async onChange({ documentName, update, context }) {
      if (isRelayed(context)) return;
      await publish({ t: 'u', d: documentName, n: node, u: b64(update) });
    },
    async onAwarenessUpdate({ documentName, document, added, updated, removed, transactionOrigin }) {
      if (transactionOrigin === AWARENESS_RELAYED) return;
      const clients = [...added, ...updated, ...removed];
      if (clients.length === 0) return;
      await publish({
        t: 'a',
        d: documentName,
        n: node,
        a: b64(encodeAwarenessUpdate(document.awareness, clients)),
      });
    },
  };

  return {
    extension,
    publishClose: (ids) => bus.publish(COLLAB_TOPIC, { t: 'c', n: node, ids } satisfies RelayMessage),
    stop() {
      unsubscribe();
      stopResume();
    },
  };
}

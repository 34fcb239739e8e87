// No test database: it runs once, on PGlite, not again on PostgreSQL (vitest.config.ts).
import { Hocuspocus } from '@hocuspocus/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { BusHandler, NodeBus } from '../../platform/bus/node-bus.ts';
import { createCollabRelay } from './collab-relay.ts';

/**
 * The buses of `count` nodes joined directly: a message reaches every node while it is being published,
 * sooner than any database brings it, so a node hears answers before it has finished asking.
 */
function joinedBuses(count: number): NodeBus[] {
  const handlers = new Map<string, BusHandler[]>();
  return Array.from({ length: count }, (_, index) => ({
    nodeId: `node-${index}`,
    isLocal: false,
    async publish(topic: string, payload: unknown) {
      const text = JSON.stringify(payload);
      for (const handler of handlers.get(topic) ?? []) handler(JSON.parse(text));
    },
    subscribe(topic: string, handler: BusHandler) {
      handlers.set(topic, [...(handlers.get(topic) ?? []), handler]);
      return () => handlers.set(topic, handlers.get(topic)?.filter((other) => other !== handler) ?? []);
    },
    onResume: () => () => {},
    whenListening: async () => {},
    close: async () => {},
  }));
}

const warnings: unknown[] = [];
const log = { warn: (object: object) => warnings.push(object) };

/** A node: Hocuspocus with the relay on its bus, and nothing stored (the other node is all it has). */
function nodeOn(bus: NodeBus) {
  const relay = createCollabRelay({ bus, hocuspocus: () => hocuspocus, onClose: () => {}, log });
  const hocuspocus = new Hocuspocus({ quiet: true, extensions: [relay.extension] });
  return { hocuspocus, relay };
}

const nodes: ReturnType<typeof nodeOn>[] = [];
afterEach(() => {
  for (const { hocuspocus, relay } of nodes.splice(0)) {
    relay.stop();
    hocuspocus.closeConnections();
  }
  warnings.length = 0;
});

describe('the collaboration relay between nodes', () => {
  it('a node opening a document gets what another node has, even when the answer comes before its load ends', async () => {
    const [one, two] = joinedBuses(2).map(nodeOn) as [ReturnType<typeof nodeOn>, ReturnType<typeof nodeOn>];
    nodes.push(one, two);
    const writer = await one.hocuspocus.openDirectConnection('doc-7');
    await writer.transact((doc) => doc.getText('body').insert(0, 'typed on node one a moment ago'));

    // Node two asks while it loads; node one's answer reaches it before Hocuspocus lists the document.
    const reader = await two.hocuspocus.openDirectConnection('doc-7');
    await new Promise((resolve) => setImmediate(resolve));
    expect(reader.document?.getText('body').toString()).toBe('typed on node one a moment ago');

    // From then on each edit goes across as it is made, both ways.
    await reader.transact((doc) => doc.getText('body').insert(0, 'Node two: '));
    expect(writer.document?.getText('body').toString()).toBe('Node two: typed on node one a moment ago');
    expect(warnings).toEqual([]);
    await Promise.all([writer.disconnect(), reader.disconnect()]);
  });
});

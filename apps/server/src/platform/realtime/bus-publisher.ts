import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { NodeBus } from '../bus/node-bus.ts';
import type { RealtimeHub } from './hub.ts';
import type { RealtimePublisher } from './publisher.ts';

const TOPIC = 'realtime';

/**
 * `flush`: a marker with no channels, back at its node once every publication it sent before has
 * reached its own hub (the bus keeps one node's messages in order).
 */
type Message = { channels: string[]; data: unknown; flush?: string };

/** Longest a closing node waits for its last publications to reach its own hub. */
const FLUSH_WAIT_MS = 2000;

/**
 * Publications of several nodes without Centrifugo: each goes over the node bus to every node's hub,
 * this one's included, and each hub gives it the next offset of its channel. The bus delivers in one
 * order everywhere, so every hub sees a channel's publications in the same order; the offsets are
 * each hub's own (every hub has its own epochs), so a client recovers on the node it was on, and one
 * that reconnects to another node is told it cannot and reads the saved state instead.
 */
export function createBusPublisher(
  bus: NodeBus,
  hub: RealtimeHub,
): RealtimePublisher & { flush(): Promise<void>; close(): void } {
  const flushes = new Map<string, () => void>();
  const stopListening = bus.subscribe(TOPIC, (payload) => {
    const { channels, data, flush } = payload as Message;
    for (const channel of channels) void hub.publish(channel, data);
    if (flush) flushes.get(flush)?.();
  });
  // Publications may have passed by while this node was not listening.
  const stopResuming = bus.onResume(() => hub.invalidateHistory());
  return {
    publish: (channel, data) =>
      bus.publish(TOPIC, { channels: [channel], data: data ?? null } satisfies Message),
    broadcast: async (channels, data) => {
      if (channels.length > 0) await bus.publish(TOPIC, { channels: [...channels], data: data ?? null });
    },
    /** Waits until this node's publications so far are at its own hub's clients (a node closing). */
    async flush() {
      const id = randomUUID();
      const arrived = new Promise<void>((resolve) => flushes.set(id, resolve));
      await bus.publish(TOPIC, { channels: [], data: null, flush: id } satisfies Message);
      await Promise.race([arrived, sleep(FLUSH_WAIT_MS)]);
      flushes.delete(id);
    },
    close() {
      stopListening();
      stopResuming();
    },
  };
}

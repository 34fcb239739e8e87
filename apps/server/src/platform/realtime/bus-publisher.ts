import type { NodeBus } from '../bus/node-bus.ts';
import type { RealtimeHub } from './hub.ts';
import type { RealtimePublisher } from './publisher.ts';

const TOPIC = 'realtime';

type Message = { channels: string[]; data: unknown };

/**
 * Publications of several nodes without Centrifugo: each goes over the node bus to every node's hub,
 * this one's included, and each hub gives it the next offset of its channel. The bus delivers in one
 * order everywhere, so every hub sees a channel's publications in the same order; the offsets are
 * each hub's own (every hub has its own epochs), so a client recovers on the node it was on, and one
 * that reconnects to another node is told it cannot and reads the saved state instead.
 */
export function createBusPublisher(bus: NodeBus, hub: RealtimeHub): RealtimePublisher & { close(): void } {
  const stopListening = bus.subscribe(TOPIC, (payload) => {
    const { channels, data } = payload as Message;
    for (const channel of channels) void hub.publish(channel, data);
  });
  // Publications may have passed by while this node was not listening.
  const stopResuming = bus.onResume(() => hub.invalidateHistory());
  return {
    publish: (channel, data) =>
      bus.publish(TOPIC, { channels: [channel], data: data ?? null } satisfies Message),
    broadcast: async (channels, data) => {
      if (channels.length > 0) await bus.publish(TOPIC, { channels: [...channels], data: data ?? null });
    },
    close() {
      stopListening();
      stopResuming();
    },
  };
}

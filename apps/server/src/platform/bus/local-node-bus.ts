import { randomUUID } from 'node:crypto';
import type { NodeBus } from './node-bus.ts';
import { assertTopic, TopicHandlers } from './topic-handlers.ts';

type Log = { error(object: object, message: string): void };

/**
 * The bus of a single process (the embedded PGlite database allows no other): messages go to this
 * process's subscribers, after the current task as they would from the database, and as JSON, so a
 * payload that would not cross nodes does not pass here either.
 */
export function createLocalNodeBus(log?: Log): NodeBus {
  const handlers = new TopicHandlers((error, topic) =>
    log?.error({ err: error, topic }, 'bus handler failed'),
  );
  let isClosed = false;
  return {
    nodeId: randomUUID(),
    isLocal: true,
    async publish(topic, payload) {
      assertTopic(topic);
      if (isClosed) return;
      const text = JSON.stringify(payload ?? null);
      queueMicrotask(() => handlers.deliver(topic, JSON.parse(text)));
    },
    subscribe: (topic, handler) => handlers.add(topic, handler).remove,
    onResume: () => () => {},
    whenListening: async () => {},
    async close() {
      isClosed = true;
    },
  };
}

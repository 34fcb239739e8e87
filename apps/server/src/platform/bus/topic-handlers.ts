import type { BusHandler } from './node-bus.ts';

/** Topics become PostgreSQL channel names: short, and nothing that needs quoting twice. */
const TOPIC = /^[a-z][a-z0-9_.:-]{0,47}$/;

export function assertTopic(topic: string) {
  if (!TOPIC.test(topic)) throw new Error(`bad bus topic: ${topic}`);
}

/** The handlers of each topic, called one after another; a failing handler does not stop the others. */
export class TopicHandlers {
  readonly #byTopic = new Map<string, Set<BusHandler>>();

  constructor(private readonly onError: (error: unknown, topic: string) => void) {}

  /** Answers whether this is the topic's first handler, and the function that removes it. */
  add(topic: string, handler: BusHandler) {
    assertTopic(topic);
    let handlers = this.#byTopic.get(topic);
    const isFirst = !handlers;
    if (!handlers) {
      handlers = new Set();
      this.#byTopic.set(topic, handlers);
    }
    // The same function subscribed twice is two subscriptions.
    const entry: BusHandler = (payload) => handler(payload);
    handlers.add(entry);
    const remove = () => {
      const current = this.#byTopic.get(topic);
      if (!current?.delete(entry) || current.size > 0) return false;
      this.#byTopic.delete(topic);
      return true;
    };
    return { isFirst, remove };
  }

  topics() {
    return [...this.#byTopic.keys()];
  }

  deliver(topic: string, payload: unknown) {
    for (const handler of this.#byTopic.get(topic) ?? []) {
      try {
        handler(payload);
      } catch (error) {
        this.onError(error, topic);
      }
    }
  }
}

import type { UserNotification } from '@tandem/contract/realtime-channels';

export type RealtimeEventType = UserNotification['type'];
export type RealtimeEvent<T extends RealtimeEventType = RealtimeEventType> = Extract<
  UserNotification,
  { type: T }
>;
type Listener<T extends RealtimeEventType> = (event: RealtimeEvent<T>) => void;
/** Stored by type, so a listener only ever receives the events of the type it asked for. */
type StoredListener = (event: UserNotification) => void;

const listeners = new Map<RealtimeEventType, Set<StoredListener>>();

/**
 * Listens to one type of notification from the user's channel: `UB:*` for the user handler (the app
 * shell), `SA:*` as in-app events for the screens that show the deleted agent, document or knowledge
 * base. Kept apart from the realtime client so a listener costs its module no websocket code.
 */
export function onRealtimeEvent<T extends RealtimeEventType>(type: T, listener: Listener<T>): () => void {
  let forType = listeners.get(type);
  if (!forType) {
    forType = new Set();
    listeners.set(type, forType);
  }
  const stored = listener as unknown as StoredListener;
  forType.add(stored);
  return () => {
    forType.delete(stored);
  };
}

/** Hands a notification to its listeners; one that throws is logged and does not stop the others. */
export function emitRealtimeEvent(event: UserNotification) {
  for (const listener of [...(listeners.get(event.type) ?? [])]) {
    try {
      listener(event);
    } catch (error) {
      console.error('[realtime] a listener of %s failed', event.type, error);
    }
  }
}

import type { NodeBus } from '../bus/node-bus.ts';

/**
 * Whose access may have changed: connections of these users, sessions, teams, projects or documents
 * check again what they may still do. A lower module says what it changed; the connections' owners
 * (the collaboration server, the realtime hub) decide what that means for each open connection.
 */
export type AccessChange = {
  userIds?: number[];
  sessionIds?: number[];
  teamIds?: number[];
  projectIds?: number[];
  documentIds?: number[];
};

type Listener = (change: AccessChange) => unknown;
type Watch = { bus: NodeBus; hear(change: AccessChange): void };

export const ACCESS_TOPIC = 'access';
type AccessMessage = AccessChange & { n: string };

/** The watches of this process: one per app (tests build several apps in one process). */
const watches = new Set<Watch>();

/**
 * Tells every open websocket, on every node, to check its access again: call it after the change
 * has committed (a member removed, a project made private, a link turned off, a session ended).
 * Connections that lost their access close; ones that may only read now become read-only.
 */
export async function accessChanged(change: AccessChange): Promise<void> {
  for (const watch of watches) watch.hear(change);
  // Every node's bus reaches all the others: one publication is enough.
  const shared = [...watches].find((watch) => !watch.bus.isLocal);
  await shared?.bus.publish(ACCESS_TOPIC, { ...change, n: shared.bus.nodeId } satisfies AccessMessage);
}

/**
 * An app's ear for access changes, made where the app starts: from this process through
 * {@link accessChanged}, from the other nodes over the bus. Listeners (the collaboration server, the
 * realtime hub) are registered at start, so the modules that change access import none of them.
 */
export function createAccessWatch(bus: NodeBus, log?: { warn(object: object, message: string): void }) {
  const listeners = new Set<Listener>();
  const hear = (change: AccessChange) => {
    for (const listener of listeners) {
      Promise.resolve()
        .then(() => listener(change))
        .catch((error: unknown) => log?.warn({ err: error }, 'checking access again failed'));
    }
  };
  const watch: Watch = { bus, hear };
  watches.add(watch);
  const stop = bus.subscribe(ACCESS_TOPIC, (payload) => {
    const message = payload as AccessMessage;
    // This process heard its own changes when they were made.
    if (message.n !== bus.nodeId) hear(message);
  });
  return {
    onChange(listener: Listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    close() {
      stop();
      watches.delete(watch);
    },
  };
}

export type AccessWatch = ReturnType<typeof createAccessWatch>;

/** Whether a connection of this user, session, team, project or document is named by the change. */
export function isAffected(
  change: AccessChange,
  of: {
    userId?: number | null;
    sessionId?: number | null;
    teamId?: number;
    projectId?: number;
    documentId?: number;
  },
) {
  const has = (list: number[] | undefined, id: number | null | undefined) =>
    id !== undefined && id !== null && list?.includes(id) === true;
  return (
    has(change.userIds, of.userId) ||
    has(change.sessionIds, of.sessionId) ||
    has(change.teamIds, of.teamId) ||
    has(change.projectIds, of.projectId) ||
    has(change.documentIds, of.documentId)
  );
}

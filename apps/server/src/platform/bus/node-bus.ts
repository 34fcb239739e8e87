import type { Database } from '../../db/client.ts';
import { createLocalNodeBus } from './local-node-bus.ts';
import { createPostgresNodeBus } from './postgres-node-bus.ts';

/**
 * Messages between the server processes (nodes) that share one database: realtime publications, a
 * Stop pressed on another node, anything a node must hear about work another node holds. Every node
 * that subscribed to a topic gets every message published to it, the publishing node included, and
 * the messages one node publishes arrive everywhere in the order it published them.
 */
export interface NodeBus {
  /** This process's random name, e.g. for telling its own messages apart. */
  readonly nodeId: string;
  /** True when the bus reaches this process only (PGlite): senders may skip it. */
  readonly isLocal: boolean;
  /**
   * Sends `payload` (any JSON value) to every subscriber of `topic` on every node. Never throws: a
   * message that cannot be sent is logged and lost, as a publication on a dropped socket would be.
   */
  publish(topic: string, payload: unknown): Promise<void>;
  /** Calls `handler` with every message of `topic` from now on; answers the function that stops. */
  subscribe(topic: string, handler: BusHandler): () => void;
  /**
   * Calls `listener` after messages may have been lost: the connection the bus listens on dropped
   * and came back. Whoever keeps state built from messages should treat it as incomplete.
   */
  onResume(listener: () => void): () => void;
  /** Settles once every subscription made so far hears messages published from now on. */
  whenListening(): Promise<void>;
  close(): Promise<void>;
}

export type BusHandler = (payload: unknown) => void;

type Log = { warn(object: object, message: string): void; error(object: object, message: string): void };

/** Over PostgreSQL LISTEN/NOTIFY when the database is a server; in this process with PGlite. */
export function createNodeBus(database: Database, log?: Log): NodeBus {
  return database.kind === 'postgres' && database.url
    ? createPostgresNodeBus({ url: database.url, db: database.db, log })
    : createLocalNodeBus(log);
}

import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../../test/eventually.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import type { Database } from '../../db/client.ts';
import { createNodeBus, type NodeBus } from './node-bus.ts';
import { splitUtf8 } from './postgres-node-bus.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const buses: NodeBus[] = [];
afterEach(async () => {
  for (const bus of buses.splice(0)) await bus.close();
});

/** A node's bus, listening: what another node publishes from now on reaches it. */
async function node() {
  const bus = createNodeBus(database);
  buses.push(bus);
  await bus.whenListening();
  return bus;
}

function collect(bus: NodeBus, topic: string) {
  const received: unknown[] = [];
  const stop = bus.subscribe(topic, (payload) => received.push(payload));
  return { received, stop };
}

describe('node bus', () => {
  it('delivers every message to the publishing node in the order published', async () => {
    const bus = await node();
    const { received } = collect(bus, 'test.order');
    await bus.whenListening();
    const sent = Array.from({ length: 300 }, (_, n) => ({ n }));
    await Promise.all(sent.map((payload) => bus.publish('test.order', payload)));
    await until(() => received.length === sent.length);
    expect(received).toEqual(sent);
  });

  it('carries a message far over PostgreSQL’s 8000-byte limit whole, with text beyond ASCII', async () => {
    const bus = await node();
    const { received } = collect(bus, 'test.large');
    await bus.whenListening();
    const large = { text: `${'é'.repeat(20_000)}${'字'.repeat(10_000)}😀`, n: 1 };
    await bus.publish('test.large', 'before');
    await bus.publish('test.large', large);
    await bus.publish('test.large', 'after');
    await until(() => received.length === 3);
    expect(received).toEqual(['before', large, 'after']);
  });

  it('stops delivering to a handler once it unsubscribes, and keeps the others', async () => {
    const bus = await node();
    const first = collect(bus, 'test.stop');
    const second = collect(bus, 'test.stop');
    await bus.whenListening();
    await bus.publish('test.stop', 1);
    await until(() => second.received.length === 1);
    first.stop();
    await bus.publish('test.stop', 2);
    await until(() => second.received.length === 2);
    expect(first.received).toEqual([1]);
  });

  it('refuses a topic that is no plain name', () => {
    const bus = createNodeBus(database);
    buses.push(bus);
    expect(() => bus.subscribe('Bad"topic', () => {})).toThrow(/bad bus topic/);
  });
});

describe.runIf(process.env.TEST_DATABASE === 'postgres')('node bus across nodes on PostgreSQL', () => {
  it('delivers what one node publishes to another, in order', async () => {
    const [one, two] = [await node(), await node()];
    const onTwo = collect(two, 'test.cross');
    await two.whenListening();
    for (let n = 0; n < 50; n++) void one.publish('test.cross', n);
    await until(() => onTwo.received.length === 50);
    expect(onTwo.received).toEqual(Array.from({ length: 50 }, (_, n) => n));
  });

  it('listens again after its connection is cut, and says messages may have been lost', async () => {
    const [one, two] = [await node(), await node()];
    const onTwo = collect(two, 'test.resume');
    await two.whenListening();
    let resumed = 0;
    two.onResume(() => resumed++);
    await one.publish('test.resume', 'first');
    await until(() => onTwo.received.length === 1);
    // An administrator (or a failover) ends every listening connection of the test database.
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`,
    );
    await until(() => resumed === 1);
    await one.publish('test.resume', 'second');
    await until(() => onTwo.received.includes('second'));
  });
});

describe('splitting a message into notification parts', () => {
  it('never splits a character and keeps every part within the limit', () => {
    const text = `a${'😀'.repeat(5)}é`;
    const parts = splitUtf8(text, 8);
    expect(parts.join('')).toBe(text);
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(8);
  });
});

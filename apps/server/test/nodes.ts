import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { type AppDeps, buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { createNodeBus, type NodeBus } from '../src/platform/bus/node-bus.ts';
import { type TestContext, testConfig } from './test-app.ts';
import { createTestDatabase } from './test-database.ts';

export type TestNode = TestContext & { bus: NodeBus };

/**
 * Several server nodes on one PostgreSQL database, as behind a load balancer: each its own app,
 * connection pool, node bus, realtime hub and chat runner, sharing only the database, the data
 * directory (as nodes share S3) and the secrets every node of a deployment is given. In this test
 * process rather than in child processes: a node builds in a second instead of booting a server
 * through tsx, and nothing module-level holds per-node state (caches are keyed by their database
 * handle, which each node has its own of). Only for the `server-postgres` project: PGlite is one
 * process's database.
 */
export function useNodes(
  count = 2,
  overrides: Record<string, string> = {},
  deps: (config: Config, index: number) => Pick<AppDeps, 'realtime' | 'messenger' | 'llm'> = () => ({}),
): TestNode[] {
  // Filled in before the tests, so callers may destructure the answer at once.
  const nodes = Array.from({ length: count }, () => ({}) as TestNode);
  let first: Database | undefined;
  beforeAll(async () => {
    if (process.env.TEST_DATABASE !== 'postgres')
      throw new Error('useNodes needs the server-postgres project');
    const shared = {
      DATA_DIR: mkdtempSync(join(tmpdir(), 'tandem-nodes-')),
      REALTIME_SECRET: 'nodes-realtime-secret-0123456789-abcdefghij',
      SECRETS_KEY: 'nodes-secrets-key-0123456789-abcdefghijklmnop',
      ...overrides,
    };
    first = await createTestDatabase();
    for (let index = 0; index < count; index++) {
      const database = index === 0 ? first : openDatabase({ kind: 'postgres', url: first.url!, poolSize: 5 });
      const config = testConfig(shared);
      const bus = createNodeBus(database);
      await bus.whenListening();
      const app = await buildApp({ config, database, bus, ...deps(config, index) });
      Object.assign(nodes[index]!, { app, database, config, bus });
    }
  });
  afterAll(async () => {
    for (const node of [...nodes].reverse()) {
      if (!node.app) continue;
      await node.app.close();
      await node.bus.close();
      // The first node's database drops the test database; it goes last.
      if (node.database !== first) await node.database.close();
    }
    await first?.close();
  });
  return nodes;
}

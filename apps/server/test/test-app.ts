import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { type App, type AppDeps, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { createTestDatabase } from './test-database.ts';

export type TestContext = { app: App; database: Database; config: Config };

/** Test configuration: no built web app unless asked for, a private data directory, quiet logs. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'tandem-test-')),
    WEB_DIST_DIR: join(tmpdir(), 'tandem-no-web-dist'),
    LOG_LEVEL: 'silent',
    // Closing a test's app fails what is still streaming at once.
    SHUTDOWN_GRACE_MS: '0',
    // Builds as any other process: at 19, another process keeping both cores busy (`stress --cpu 2`)
    // left them 2% of a CPU. The bench measures what the default niceness is for.
    SITE_BUILD_NICENESS: '0',
    ...overrides,
  });
}

/**
 * One app and one database per test file; tests isolate themselves with their own users and teams.
 * `deps` replaces adapters the app would otherwise make from the configuration.
 */
export function useTestApp(
  overrides: Record<string, string> = {},
  deps: (config: Config) => Pick<AppDeps, 'realtime' | 'messenger' | 'llm'> = () => ({}),
): TestContext {
  const context = {} as TestContext;
  beforeAll(async () => {
    context.config = testConfig(overrides);
    context.database = await createTestDatabase();
    context.app = await buildApp({
      config: context.config,
      database: context.database,
      ...deps(context.config),
    });
  });
  afterAll(async () => {
    await context.app?.close();
    await context.database?.close();
  });
  return context;
}

/** Another server process on the same database as `context`: nothing but the database is shared. */
export function useSecondApp(context: TestContext, overrides: Record<string, string> = {}): { app: App } {
  const second = {} as { app: App };
  beforeAll(async () => {
    second.app = await buildApp({ config: testConfig(overrides), database: context.database });
  });
  afterAll(async () => {
    await second.app?.close();
  });
  return second;
}

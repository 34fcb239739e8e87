import { cpSync, existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.ts';
import { testConfig } from '../../../test/test-app.ts';
import { type App, buildApp } from '../../app.ts';
import { openEmbeddedDatabase } from '../../db/open-embedded.ts';
import { backupEmbedded, restoreEmbedded } from './embedded-backup.ts';
import { liveBackupEndpoint, localUrlOf, newBackupToken, writeBackupEndpoint } from './endpoint-file.ts';

const newDir = (name: string) => mkdtempSync(join(tmpdir(), `tandem-${name}-`));
const template = newDir('template');
const SLOW_MS = 180_000;

/** A server on an embedded database in `dataDir`, listening, as `npm start` runs it. */
async function startServer(dataDir: string) {
  const database = await openEmbeddedDatabase(dataDir, 'the server');
  await database.migrate();
  const backupToken = newBackupToken();
  const app = await buildApp({ config: testConfig({ DATA_DIR: dataDir }), database, backupToken });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const endpoint = writeBackupEndpoint(dataDir, {
    url: localUrlOf(app.server.address()),
    token: backupToken,
  });
  const server = {
    app,
    async stop() {
      endpoint.remove();
      await app.close();
      await database.close();
    },
  };
  running.add(server);
  return server;
}
const running = new Set<{ stop(): Promise<void> }>();
afterAll(async () => {
  for (const server of running) await server.stop().catch(() => {});
});

const signIn = (app: App, user: { email: string; password: string }) =>
  app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { user_name: user.email, password: user.password },
  });

async function stopped(server: { app: App; stop(): Promise<void> }) {
  await server.stop();
  running.delete(server);
}

// The embedded database alone: the PostgreSQL project has nothing more to run here. Each step opens a
// database on disk, which takes seconds on a busy machine.
describe.skipIf(process.env.TEST_DATABASE === 'postgres')(
  'npm run backup and restore on the embedded database',
  () => {
    const copies = newDir('copies');
    const dataDir = newDir('live');
    let user: { email: string; password: string };
    beforeAll(async () => {
      // One migrated database, copied where a test needs a new one: creating each would take long.
      const database = await openEmbeddedDatabase(template, 'the test set-up');
      await database.migrate();
      await database.close();
      cpSync(template, dataDir, { recursive: true });
    }, SLOW_MS);

    it(
      'copies a running server; a data directory restored from the copy starts with its data',
      async () => {
        const server = await startServer(dataDir);
        user = await createUser(server.app);
        const file = join(copies, 'live.tar.gz');

        const made = await backupEmbedded(dataDir, file);
        expect(made.isFromRunningServer).toBe(true);
        // The server took the copy and goes on serving.
        expect((await signIn(server.app, user)).statusCode).toBe(200);
        const later = await createUser(server.app);

        await expect(restoreEmbedded(dataDir, file)).rejects.toThrow(/is running on .*: stop it first/);

        const restoredDir = newDir('restored');
        expect(await restoreEmbedded(restoredDir, file)).toEqual({ keptAs: undefined });
        const restored = await startServer(restoredDir);
        const answer = await signIn(restored.app, user);
        expect(answer.statusCode).toBe(200);
        expect(answer.json().data.token).toBeTruthy();
        // Written after the backup: not in it.
        expect((await signIn(restored.app, later)).statusCode).not.toBe(200);
        await stopped(restored);
        await stopped(server);
      },
      SLOW_MS,
    );

    it(
      'copies the data directory itself while no server runs, and restores over it keeping the old one',
      async () => {
        expect(liveBackupEndpoint(dataDir)).toBeUndefined();
        const file = join(copies, 'offline.tar.gz');
        expect((await backupEmbedded(dataDir, file)).isFromRunningServer).toBe(false);

        const { keptAs } = await restoreEmbedded(dataDir, file);
        expect(keptAs && existsSync(join(keptAs, 'PG_VERSION'))).toBe(true);
        const restarted = await startServer(dataDir);
        expect((await signIn(restarted.app, user)).statusCode).toBe(200);
        await stopped(restarted);
      },
      SLOW_MS,
    );

    it('leaves the database alone when the file is not a backup', async () => {
      const dir = newDir('not-a-backup');
      cpSync(template, dir, { recursive: true });
      const file = join(copies, 'notes.txt');
      writeFileSync(file, 'hello');
      await expect(restoreEmbedded(dir, file)).rejects.toThrow(/not a backup made by npm run backup/);
      expect(readdirSync(dir).filter((name) => name.startsWith('db.before-restore'))).toEqual([]);
      expect(existsSync(join(dir, 'db', 'PG_VERSION'))).toBe(true);
    });
  },
);

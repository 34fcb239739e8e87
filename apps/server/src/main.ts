import { join } from 'node:path';
import closeWithGrace from 'close-with-grace';
import type pino from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { EmbeddedDatabaseBusyError, openEmbeddedDatabase } from './db/open-embedded.ts';
import { localUrlOf, newBackupToken, writeBackupEndpoint } from './modules/backup/index.ts';
import { firstUsableModelId, seedModelsFromConfig } from './modules/model/index.ts';
import { applyAdminEmails, issueSetupToken } from './modules/user/index.ts';
import { startupMessage } from './startup-message.ts';

async function main() {
  const config = loadConfig();
  const database = config.databaseUrl
    ? openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : await openEmbeddedDatabase(config.dataDir, 'the server');

  // Migrate while the server starts listening: pages answer at once, API calls wait for the schema
  // (and, on a first start with LLM_BASE_URL, for its model provider).
  let isSeeded = false;
  let adminChanges = 0;
  const ready = database.migrate().then(async () => {
    isSeeded = await seedModelsFromConfig(database.db, config);
    adminChanges = (await applyAdminEmails(database.db, config.adminEmails)).length;
  });
  const backupToken = database.backup ? newBackupToken() : undefined;
  const app = await buildApp({
    config,
    database,
    ready,
    backupToken,
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      ...(config.env === 'development' && process.stdout.isTTY
        ? {
            transport: {
              target: 'pino-pretty',
              options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
            },
          }
        : {}),
    },
  });

  ready.then(
    () => {
      app.log.info({ database: database.kind }, 'database ready');
      if (isSeeded)
        app.log.info({ baseUrl: config.llm.seed?.baseUrl }, 'model provider created from LLM_BASE_URL');
      if (adminChanges > 0)
        app.log.info({ accounts: adminChanges }, 'platform admins updated from ADMIN_EMAILS');
    },
    (error: unknown) => {
      app.log.fatal({ err: error }, 'database migration failed');
      process.exit(1);
    },
  );

  let backupEndpoint: ReturnType<typeof writeBackupEndpoint> | undefined;
  // Closing lets streaming replies finish for SHUTDOWN_GRACE_MS (see app.ts): the hard limit is past it.
  closeWithGrace({ delay: config.shutdownGraceMs + 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    backupEndpoint?.remove();
    await app.close();
    await database.close();
    (app.log as unknown as pino.Logger).flush();
  });

  await app.listen({ host: config.host, port: config.port });
  if (backupToken) {
    backupEndpoint = writeBackupEndpoint(config.dataDir, {
      url: localUrlOf(app.server.address()),
      token: backupToken,
    });
  }
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const address = config.publicUrl ?? `http://${shownHost}:${config.port}`;
  const files =
    config.storage.kind === 's3' ? `S3 bucket ${config.storage.bucket}` : join(config.dataDir, 'uploads');
  // Printed once the schema is ready, so it can say whether a model is connected yet.
  await ready;
  const hasModel = (await firstUsableModelId(database.db)) !== undefined;
  const setupToken = await issueSetupToken(database.db);
  console.log(
    startupMessage({
      address,
      databaseKind: database.kind,
      files,
      hasModel,
      adminEmails: config.adminEmails,
      setupUrl: setupToken ? `${address}/setup?token=${setupToken}` : undefined,
    }),
  );
}

main().catch((error: unknown) => {
  const isExplained = error instanceof ConfigError || error instanceof EmbeddedDatabaseBusyError;
  console.error(isExplained ? error.message : error);
  process.exit(1);
});

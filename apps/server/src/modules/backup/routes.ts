import { API } from '@tandem/contract/system';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import { requireOperatorToken } from '../../platform/auth/operator-token.ts';

export type BackupDeps = { database: Database; token: string };

/**
 * The running server copies its own embedded database for `npm run backup` (no other process may
 * open it), to a caller holding the token the server wrote into DATA_DIR at start.
 */
export const backupRoutes: FastifyPluginAsync<BackupDeps> = async (app, { database, token }) => {
  const { backup } = database;
  if (!backup) return;
  app.get(API.backup.path, { onRequest: requireOperatorToken(token) }, async (request, reply) => {
    const startedAt = performance.now();
    const copy = Buffer.from(await (await backup()).arrayBuffer());
    request.log.info(
      { bytes: copy.length, ms: Math.round(performance.now() - startedAt) },
      'database backed up',
    );
    return reply.type('application/gzip').header('cache-control', 'no-store').send(copy);
  });
};

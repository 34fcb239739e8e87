import { envelope } from '@tandem/contract/envelope';
import { DEFAULT_LOCALE, LOCALES, resourceLocaleQuery, THEME_IDS } from '@tandem/contract/i18n';
import * as limits from '@tandem/contract/limits';
import { MESSAGES } from '@tandem/contract/messages';
import { API, type ClientConfigData, clientConfigData, healthData } from '@tandem/contract/system';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { SERVER_VERSION } from '../../paths.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { ok } from '../../platform/http/envelope.ts';
import { createWriteProbe } from './write-probe.ts';

export type SystemDeps = { config: Config; database: Database };

/** Public calls that need no session: health, translations and the client's configuration. */
export const systemRoutes: FastifyPluginAsyncZod<SystemDeps> = async (app, { config, database }) => {
  const usesDataDir = database.kind === 'pglite' || config.storage.kind === 'local';
  const checkWrites = createWriteProbe({
    db: database.db,
    dataDir: usesDataDir ? config.dataDir : undefined,
    log: app.log,
  });
  // Load balancers probe this every few seconds: a healthy answer is not worth an access-log line, a
  // failing one still is (warn and above).
  const probe = { logLevel: 'warn' as const, schema: { response: { 200: envelope(healthData) } } };
  app.get(API.health.path, probe, async () => {
    const facts = { database: database.kind, version: SERVER_VERSION };
    const reason = await checkWrites();
    // Reads may still work, but a server that cannot save is no use behind a load balancer.
    if (reason) throw new AppError('SERVICE_DEGRADED', { data: { status: 'degraded', reason, ...facts } });
    return ok({ status: 'ok' as const, ...facts });
  });

  app.get(
    API.resourceLocale.path,
    {
      schema: {
        querystring: resourceLocaleQuery,
        response: { 200: envelope(z.record(z.string(), z.unknown())) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return ok(MESSAGES[request.query.locale]);
    },
  );

  const clientConfig = buildClientConfig(config);
  app.get(API.clientConfig.path, { schema: { response: { 200: envelope(clientConfigData) } } }, async () =>
    ok(clientConfig),
  );
};

function buildClientConfig(config: Config): ClientConfigData {
  return {
    app_name: 'Tandem',
    version: SERVER_VERSION,
    sign_in_methods: { password: true, code: true, google: Boolean(config.oidc) },
    register_methods: { email: true, phone: true },
    locales: [...LOCALES],
    default_locale: DEFAULT_LOCALE,
    themes: Object.entries(THEME_IDS).map(([key, id]) => ({ id, key: key as keyof typeof THEME_IDS })),
    realtime_url: config.realtimeUrl ?? '/connection/websocket',
    dev_outbox: config.isDevelopmentHelpersOn,
    upload_limits: {
      avatar_bytes: limits.AVATAR_MAX_BYTES,
      avatar_extensions: [...limits.AVATAR_EXTENSIONS],
      chat_image_bytes: limits.CHAT_IMAGE_MAX_BYTES,
      chat_images_per_message: limits.CHAT_IMAGES_PER_MESSAGE,
      editor_image_bytes: limits.EDITOR_IMAGE_MAX_BYTES,
      editor_file_bytes: limits.EDITOR_FILE_MAX_BYTES,
      pdf_bytes: limits.PDF_MAX_BYTES,
      pdf_files_per_selection: limits.PDF_FILES_PER_SELECTION,
    },
  };
}

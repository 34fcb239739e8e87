import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { devRoutes } from './modules/dev/routes.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { userRoutes } from './modules/user/routes.ts';
import { registerErrorHandler, registerNotFound } from './platform/http/error-handler.ts';
import { readSpaBundle, registerSpa } from './platform/http/spa.ts';
import { createMessenger, type Messenger } from './platform/messaging/messenger.ts';

export type AppDeps = {
  config: Config;
  database: Database;
  /** Settles when the schema is migrated; API requests wait for it, static pages do not. */
  ready?: Promise<void>;
  logger?: FastifyServerOptions['logger'];
  /** Tests pass their own to read what was sent; otherwise SMTP / SMS webhook / outbox by config. */
  messenger?: Messenger;
};

const REQUEST_ID = /^[\w.-]{1,64}$/;
const BODY_LIMIT_BYTES = 1024 * 1024;

export async function buildApp(deps: AppDeps) {
  const { config } = deps;
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (deps.ready && request.url.startsWith('/api/')) await deps.ready;
  });

  const spa = readSpaBundle(config.webDistDir);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(spa?.inlineScriptHashes ?? [])],
        // antd writes its CSS-in-JS into <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.env === 'production',
  });
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  const { db } = deps.database;
  const messenger = deps.messenger ?? createMessenger(config, db, app.log);
  await app.register(systemRoutes, { config, database: deps.database });
  await app.register(userRoutes, { db, messenger });
  if (config.isDevelopmentHelpersOn) await app.register(devRoutes, { db });

  registerNotFound(app, spa ? await registerSpa(app, config.webDistDir, spa) : undefined);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

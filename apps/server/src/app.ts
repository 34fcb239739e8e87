import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import { COLLABORATION_PATH } from '@tandem/contract/api';
import Fastify, { type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { agentModule, agentsOfLeavers } from './modules/agent/index.ts';
import { backupRoutes } from './modules/backup/index.ts';
import { billingRoutes, createBilling } from './modules/billing/index.ts';
import { chatModule, createChatRunner, createMessageSender } from './modules/chat/index.ts';
import { devRoutes } from './modules/dev/index.ts';
import { deviceRoutes } from './modules/device/index.ts';
import { dictRoutes } from './modules/dict/index.ts';
import {
  closeLiveDocuments,
  createCollabServer,
  createCollabTokens,
  documentModule,
  registerCollabServer,
} from './modules/document/index.ts';
import {
  createKnowledgeIndexer,
  createKnowledgeVectors,
  knowledgeRoutes,
} from './modules/knowledge/index.ts';
import { modelRoutes } from './modules/model/index.ts';
import { oauthRoutes } from './modules/oauth/index.ts';
import { pdfRoutes } from './modules/pdf/index.ts';
import { projectRoutes, uploadTarget } from './modules/project/index.ts';
import { realtimeRoutes } from './modules/realtime/index.ts';
import {
  createPreviewLinks,
  createPreviewServer,
  createSiteBuilder,
  previewFrameSource,
  siteModule,
} from './modules/sites/index.ts';
import { systemRoutes } from './modules/system/index.ts';
import { teamRoutes } from './modules/team/index.ts';
import { createFileStore, orphanSweep, uploadRoutes } from './modules/upload/index.ts';
import { userModule } from './modules/user/index.ts';
import { aiWritingRoutes } from './modules/writing/index.ts';
import { createNodeBus, type NodeBus } from './platform/bus/node-bus.ts';
import { createServerProcess } from './platform/cluster/server-process.ts';
import { registerBodyTimeout } from './platform/http/body-timeout.ts';
import { registerErrorHandler, registerNotFound } from './platform/http/error-handler.ts';
import { registerNulGuard } from './platform/http/nul-guard.ts';
import { registerRateLimit } from './platform/http/rate-limit.ts';
import { RequestLog } from './platform/http/request-log.ts';
import { apiSecurityHeaders, computeSecurityHeaders } from './platform/http/security-headers.ts';
import { serializerCompiler } from './platform/http/serializer.ts';
import { readSpaBundle, registerSpa } from './platform/http/spa.ts';
import { routeUpgrade } from './platform/http/websocket-upgrades.ts';
import { createLlm } from './platform/llm/gateway.ts';
import type { Llm } from './platform/llm/llm.ts';
import { createMessenger, type Messenger } from './platform/messaging/messenger.ts';
import { measuredLlm } from './platform/metrics/measured-llm.ts';
import { createMetrics } from './platform/metrics/metrics.ts';
import { registerMetrics } from './platform/metrics/metrics-route.ts';
import { createModeration } from './platform/moderation/moderation.ts';
import { createAccessWatch } from './platform/realtime/access-changes.ts';
import { HUB_PATH } from './platform/realtime/hub.ts';
import { createRealtime, type Realtime } from './platform/realtime/realtime.ts';
import type { ObjectStorage } from './platform/storage/object-storage.ts';
import { createStorage } from './platform/storage/storage.ts';
import { configureHeavyWork } from './platform/workers/index.ts';

export type AppDeps = {
  config: Config;
  database: Database;
  /** Settles when the schema is migrated; API requests wait for it, static pages do not. */
  ready?: Promise<void>;
  logger?: FastifyServerOptions['logger'];
  /** Tests pass their own to read what was sent; otherwise SMTP / SMS webhook / outbox by config. */
  messenger?: Messenger;
  /** Tests pass their own (to register channel policies, or shorten the hub's timings). */
  realtime?: Realtime;
  /** Messages between the nodes sharing the database; made from the database when not given. */
  bus?: NodeBus;
  /** Tests may pass their own; otherwise the gateway to the providers and models in the database. */
  llm?: Llm;
  /** Tests may pass their own; otherwise local disk or the S3 bucket of the configuration. */
  storage?: ObjectStorage;
  /** With the embedded database: the token `npm run backup` sends to have this server copy it. */
  backupToken?: string;
};

const REQUEST_ID = /^[\w.-]{1,64}$/;
const BODY_LIMIT_BYTES = 1024 * 1024;

export async function buildApp(deps: AppDeps) {
  const { config } = deps;
  const app = Fastify({
    logger: deps.logger ?? false,
    logController: new RequestLog(),
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
  registerBodyTimeout(app, config.bodyTimeoutMs);

  const spa = readSpaBundle(config.webDistDir);
  const isHttpsOnly = config.env === 'production';
  const apiHeaders = apiSecurityHeaders(isHttpsOnly);
  // Stripe.js and its card fields come from Stripe, only when Stripe takes the payments.
  const stripeSources = config.billing.stripe ? ['https://js.stripe.com'] : [];
  // Without PUBLIC_URL or SITE_PREVIEW_URL the preview origin is the page's own host on the preview port.
  const fixedPreviewSource = previewFrameSource(config);
  const pageHeaders = computeSecurityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(spa?.inlineScriptHashes ?? []), ...stripeSources],
        // The site panel's previews (modules/sites), and Stripe's card fields when Stripe takes the payments.
        frameSrc: [
          "'self'",
          ...(fixedPreviewSource ? [fixedPreviewSource] : []),
          ...(config.billing.stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : []),
        ],
        // antd writes its CSS-in-JS into <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Outside images in replies come through our image proxy after a click, never straight from their site.
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:', ...(config.billing.stripe ? ['https://api.stripe.com'] : [])],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: isHttpsOnly,
  });

  const { db } = deps.database;
  const serverProcess = createServerProcess({
    db,
    heartbeatMs: config.heartbeatMs,
    isSole: deps.database.isSole,
    log: app.log,
  });
  // Once the schema exists, the process joins the others and takes back what dead ones left.
  const ready = deps.ready ? deps.ready.then(() => serverProcess.start()) : undefined;
  if (!ready) await serverProcess.start();

  // Synchronous hooks: an async hook costs a promise per request on every call.
  let isReady = !ready;
  ready?.then(() => {
    isReady = true;
  });
  const pageHeadersOf = (request: FastifyRequest) => {
    const preview = fixedPreviewSource ? undefined : previewFrameSource(config, request);
    if (!preview) return pageHeaders;
    const policy = pageHeaders['content-security-policy'] ?? '';
    return {
      ...pageHeaders,
      'content-security-policy': policy.replace("frame-src 'self'", `frame-src 'self' ${preview}`),
    };
  };
  app.addHook('onRequest', (request, reply, done) => {
    const isApi = request.url.startsWith('/api/');
    reply.headers(isApi ? apiHeaders : pageHeadersOf(request)).header('x-request-id', request.id);
    if (isApi && !isReady && ready) ready.then(() => done(), done);
    else done();
  });

  await registerRateLimit(app, db);
  registerNulGuard(app);
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  const metrics = config.metricsToken ? createMetrics() : undefined;
  registerMetrics(app, metrics, config.metricsToken);
  const bus = deps.bus ?? createNodeBus(deps.database, app.log);
  // A root hook runs after the modules' own: they may still publish while they wind down.
  if (!deps.bus) app.addHook('onClose', () => bus.close());
  const messenger = deps.messenger ?? createMessenger(config, db, app.log);
  const realtime = deps.realtime ?? createRealtime({ config: config.realtime, log: app.log, bus });
  const gateway = deps.llm ?? createLlm({ db, config, log: app.log });
  const llm = metrics ? measuredLlm(gateway, metrics) : gateway;
  const storage = deps.storage ?? (await createStorage(config.storage));
  app.addHook('onClose', storage.close);
  // Document work (parsing, conversions, PDF text, chunking) runs in the process's worker pool.
  configureHeavyWork(config.workers);
  // Said at start rather than at the first upload: a wrong key or bucket name is found at once.
  storage.check().catch((error: unknown) => {
    app.log.error({ err: error }, 'file storage cannot be used: uploads answer 503 until it can');
  });
  const { hub } = realtime;
  if (hub) metrics?.countConnectionsWith(() => hub.stats().connections);
  if (hub)
    routeUpgrade(app.server, HUB_PATH, (request, socket, head) => hub.handleUpgrade(request, socket, head));
  // Access changes (a member removed, a link turned off, a session ended) reach every open websocket.
  const access = createAccessWatch(bus, app.log);
  app.addHook('onClose', () => access.close());
  const collab = createCollabServer({
    db,
    bus,
    tokens: createCollabTokens(config.realtime.secret),
    log: app.log,
    access,
  });
  const forgetCollab = registerCollabServer(collab);
  routeUpgrade(app.server, COLLABORATION_PATH, (request, socket, head) =>
    collab.handleUpgrade(request, socket, head),
  );
  const moderation = createModeration(config.moderation, app.log);
  const siteBuilder = createSiteBuilder({
    db,
    realtime,
    log: app.log,
    owner: serverProcess,
    buildsAtOnce: config.sites.buildsAtOnce,
    timeoutMs: config.sites.buildTimeoutMs,
    memoryMb: config.sites.buildMemoryMb,
    niceness: config.sites.buildNiceness,
  });
  const runner = createChatRunner({
    db,
    llm,
    realtime,
    log: app.log,
    teamMaxReplies: config.llm.teamMaxReplies,
    storage,
    moderation,
    owner: serverProcess,
    bus,
    afterReply: async (reply) => (reply.config.web_build ? siteBuilder.fromReply(reply) : undefined),
  });
  const indexer = createKnowledgeIndexer({
    db,
    owner: serverProcess,
    log: app.log,
    delayMs: config.knowledgeIndexDelayMs,
  });
  /**
   * Starts a background part once the schema exists and the process has joined the others; a start that
   * fails is logged, and the app serves on without that part.
   */
  const startWhenReady = async (start: () => Promise<unknown>, failure: string) => {
    const run = () =>
      start().catch((error: unknown) => {
        app.log.error({ err: error }, failure);
      });
    if (ready) void ready.then(run, () => {});
    else await run();
  };
  await startWhenReady(() => indexer.start(), 'search indexing could not start');
  const vectors = createKnowledgeVectors({ db, config, log: app.log });
  if (ready) void ready.then(vectors.start, () => {});
  else vectors.start();
  serverProcess.onBeat(() => runner.takeBackOrphans());
  const billing = createBilling({ db, config, log: app.log });
  // The catalogue is written and pending orders reconciled once the schema exists.
  await startWhenReady(
    () => billing.start(),
    'billing could not start: the plan catalogue or reconciliation failed',
  );
  serverProcess.onBeat(() => billing.beat());
  serverProcess.onBeat(() => siteBuilder.takeBackOrphans());
  serverProcess.onBeat(orphanSweep(createFileStore(db, storage), app.log));
  // Closing, the app answers 503 to every request (the load balancer's health probe included) while
  // replies finish; their ends are published before the websockets close, which must happen before
  // the server stops listening, or they would hold the close up. Clients reconnect (code 3001).
  app.addHook('preClose', async () => {
    await runner.close(config.shutdownGraceMs);
    await siteBuilder.close();
    await realtime.close();
    forgetCollab();
    await collab.close();
    await indexer.close();
    await vectors.close();
  });
  app.addHook('onClose', () => serverProcess.close());
  // One plugin per module, in the order the modules depend on each other (docs/architecture.md).
  await app.register(systemRoutes, { config, database: deps.database });
  await app.register(userModule, {
    db,
    messenger,
    codesPerIpPerHour: config.codesPerIpPerHour,
    adminEmails: config.adminEmails,
  });
  await app.register(deviceRoutes, { db, realtime });
  await app.register(oauthRoutes, { db, config });
  await app.register(dictRoutes, { db });
  await app.register(realtimeRoutes, { db, realtime, access });
  if (config.isDevelopmentHelpersOn) await app.register(devRoutes, { db });
  if (deps.backupToken)
    await app.register(backupRoutes, { database: deps.database, token: deps.backupToken });
  await app.register(teamRoutes, {
    db,
    config,
    messenger,
    realtime,
    membersLeaving: [agentsOfLeavers(realtime)],
  });
  await app.register(modelRoutes, { db, config, llm, embeddings: vectors.embeddings });
  await app.register(billingRoutes, { db, config, billing });
  await app.register(uploadRoutes, { db, storage, uploadTarget });
  await app.register(projectRoutes, { db, realtime, closeLiveDocuments });
  await app.register(documentModule, { db, collab, storage, config });
  await app.register(pdfRoutes, { db, storage });
  await app.register(knowledgeRoutes, { db });
  const previewLinks = createPreviewLinks({ secret: config.realtime.secret });
  const chatDeps = {
    db,
    realtime,
    llm,
    config: config.llm,
    metrics: metrics?.chat,
    moderation,
    runner,
    processId: serverProcess.id,
  };
  await app.register(siteModule, {
    db,
    storage,
    previewLinks,
    config,
    send: createMessageSender(chatDeps),
  });
  await app.register(agentModule, { db, realtime, llm, bundle: spa });
  await app.register(chatModule, { ...chatDeps, storage, publicUrl: config.publicUrl });
  await app.register(aiWritingRoutes, { db, llm, firstTokenMs: config.llm.writingFirstTokenMs });
  // The preview origin listens beside the app, on a port of its own; a port taken leaves previews off.
  const preview = createPreviewServer({
    db,
    previewLinks,
    storage,
    logger: app.log,
    appOrigins: (request) =>
      config.publicUrl
        ? [new URL(config.publicUrl).origin]
        : [`${request.protocol}://${request.hostname}:${config.port}`],
  });
  app.addHook('onListen', async () => {
    await preview.listen({ host: config.host, port: config.sites.previewPort }).catch((error: unknown) => {
      app.log.error(
        { err: error, port: config.sites.previewPort },
        'the preview origin cannot listen: SITE_PREVIEW_PORT',
      );
    });
  });
  app.addHook('onClose', () => preview.close());

  registerNotFound(app, spa ? await registerSpa(app, config.webDistDir, spa) : undefined);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

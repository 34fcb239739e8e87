import { MODEL_API, SETUP_API } from '@tandem/contract/api';
import { envelope } from '@tandem/contract/envelope';
import {
  availableModel,
  idBody,
  model,
  modelListQuery,
  modelProvider,
  savedData,
  saveModelBody,
  saveProviderBody,
  testProviderBody,
  testProviderData,
} from '@tandem/contract/model';
import {
  connectModelBody,
  connectModelData,
  localModelServer,
  probeServerBody,
  probeServerData,
} from '@tandem/contract/setup';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http/envelope.ts';
import type { Embeddings } from '../../platform/llm/embeddings.ts';
import type { Llm } from '../../platform/llm/llm.ts';
import { providerKeyBox } from '../../platform/llm/provider-connection.ts';
import { connectModel, findLocalServers, listServerModels } from './local-servers.ts';
import { availableModels, deleteModel, listModels, saveModel } from './models.ts';
import { requirePlatformAdmin } from './policy.ts';
import { connectionToTest, deleteProvider, listProviders, saveProvider } from './providers.ts';

export type ModelDeps = { db: Db; config: Config; llm: Llm; embeddings?: Embeddings };

/** Model providers and models: the platform admin's calls and the list of models users may pick. */
export const modelRoutes: FastifyPluginAsyncZod<ModelDeps> = async (app, { db, config, llm, embeddings }) => {
  const session = requireSession(db);
  const admin = { onRequest: [session, requirePlatformAdmin(db)] };
  const keyBox = providerKeyBox(config);
  const done = envelope(z.null());
  const saved = envelope(savedData);

  app.get(
    MODEL_API.available,
    { onRequest: session, schema: { response: { 200: envelope(z.array(availableModel)) } } },
    async () => ok(await availableModels(db)),
  );

  app.get(
    MODEL_API.providerList,
    { ...admin, schema: { response: { 200: envelope(z.array(modelProvider)) } } },
    async () => ok(await listProviders(db)),
  );
  app.post(
    MODEL_API.saveProvider,
    { ...admin, schema: { body: saveProviderBody, response: { 200: saved } } },
    async (request) => {
      const id = await saveProvider(db, keyBox, request.body);
      llm.invalidate();
      embeddings?.invalidate();
      return ok({ id });
    },
  );
  app.delete(
    MODEL_API.deleteProvider,
    { ...admin, schema: { body: idBody, response: { 200: done } } },
    async (request) => {
      await deleteProvider(db, request.body.id);
      llm.invalidate();
      embeddings?.invalidate();
      return ok(null);
    },
  );
  app.post(
    MODEL_API.testProvider,
    { ...admin, schema: { body: testProviderBody, response: { 200: envelope(testProviderData) } } },
    async (request) => {
      const { connection, modelKey, modelType } = await connectionToTest(db, keyBox, request.body);
      const result =
        modelType === 'embedding' && embeddings
          ? await embeddings.testConnection(connection, modelKey)
          : await llm.testConnection(connection, modelKey);
      return ok({
        ok: result.ok,
        message: result.message,
        model_key: modelKey,
        latency_ms: result.latencyMs,
      });
    },
  );

  app.get(
    MODEL_API.modelList,
    { ...admin, schema: { querystring: modelListQuery, response: { 200: envelope(z.array(model)) } } },
    async (request) => ok(await listModels(db, request.query.provider_id)),
  );
  app.post(
    MODEL_API.saveModel,
    { ...admin, schema: { body: saveModelBody, response: { 200: saved } } },
    async (request) => {
      const id = await saveModel(db, request.body);
      llm.invalidate();
      embeddings?.invalidate();
      return ok({ id });
    },
  );
  // First run: local servers found in a click, and a model connected as the platform's default.
  app.get(
    SETUP_API.localServers,
    { ...admin, schema: { response: { 200: envelope(z.array(localModelServer)) } } },
    async () => ok(await findLocalServers(config.llm.localPorts)),
  );
  app.post(
    SETUP_API.probeServer,
    { ...admin, schema: { body: probeServerBody, response: { 200: envelope(probeServerData) } } },
    async (request) => {
      const keys = await listServerModels(request.body.base_url, request.body.api_key);
      return ok({ models: keys ?? [] });
    },
  );
  app.post(
    SETUP_API.connectModel,
    { ...admin, schema: { body: connectModelBody, response: { 200: envelope(connectModelData) } } },
    async (request) => {
      const connected = await connectModel(db, keyBox, request.body);
      llm.invalidate();
      return ok(connected);
    },
  );
  app.delete(
    MODEL_API.deleteModel,
    { ...admin, schema: { body: idBody, response: { 200: done } } },
    async (request) => {
      await deleteModel(db, request.body.id);
      llm.invalidate();
      embeddings?.invalidate();
      return ok(null);
    },
  );
};

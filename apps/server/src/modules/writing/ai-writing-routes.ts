import {
  AI_WRITING_API,
  adminWritingModelData,
  aiWriteBody,
  setWritingModelBody,
  writingModelData,
} from '@tandem/contract/ai-writing';
import { envelope } from '@tandem/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { requireSession, sessionOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http/envelope.ts';
import { openEventStream } from '../../platform/http/event-stream.ts';
import { requestLocale } from '../../platform/http/request-locale.ts';
import type { Llm } from '../../platform/llm/llm.ts';
import { adminWritingModel, requirePlatformAdmin, setWritingModel, writingModel } from '../model/index.ts';
import { prepareWriting, streamWriting } from './ai-writing.ts';

export type AiWritingDeps = { db: Db; llm: Llm; firstTokenMs: number };

/** The editor's AI actions on a selection, and the platform admin's choice of their model. */
export const aiWritingRoutes: FastifyPluginAsyncZod<AiWritingDeps> = async (
  app,
  { db, llm, firstTokenMs },
) => {
  const session = requireSession(db);

  /**
   * The result as Server-Sent Events (`delta`, `reasoning`, `done`, `error`). Anyone who may read the
   * document may ask (accepting the result into it is an edit the collaboration server checks). No
   * permission, no model, not enough points: refused before the stream, as ordinary envelope errors.
   */
  app.post(
    AI_WRITING_API.write,
    { onRequest: session, schema: { body: aiWriteBody } },
    async (request, reply) => {
      const { doc_id: docId, ...writing } = request.body;
      const { modelId, debit } = await prepareWriting(db, sessionOf(request).userId, docId);
      const stream = openEventStream(reply);
      await streamWriting(
        { db, llm, log: request.log, firstTokenMs },
        { request: writing, modelId, debit, locale: requestLocale(request), signal: stream.signal },
        stream.send,
      );
      stream.end();
      return reply;
    },
  );

  app.get(
    AI_WRITING_API.writingModel,
    { onRequest: session, schema: { response: { 200: envelope(writingModelData) } } },
    async () => ok(await writingModel(db)),
  );

  const admin = { onRequest: [session, requirePlatformAdmin(db)] };
  app.get(
    AI_WRITING_API.adminWritingModel,
    { ...admin, schema: { response: { 200: envelope(adminWritingModelData) } } },
    async () => ok(await adminWritingModel(db)),
  );
  app.post(
    AI_WRITING_API.setWritingModel,
    { ...admin, schema: { body: setWritingModelBody, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await setWritingModel(db, request.body.model_id);
      return ok(null);
    },
  );
};

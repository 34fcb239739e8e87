import { AGENT_KNOWLEDGE_API, saveToProjectBody, saveToProjectData } from '@tandem/contract/agent-knowledge';
import { envelope } from '@tandem/contract/envelope';
import { translate } from '@tandem/contract/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/client.ts';
import { requireSession, sessionOf } from '../../../platform/auth/guard.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { requestLocale } from '../../../platform/http/request-locale.ts';
import type { ObjectStorage } from '../../../platform/storage/object-storage.ts';
import { createFileStore } from '../../upload/index.ts';
import { saveToProject } from './save-to-project.ts';

/** "Save to project" from chat: the caller's own conversation, into a project they may edit. */
export const saveToProjectRoutes: FastifyPluginAsyncZod<{ db: Db; storage: ObjectStorage }> = async (
  app,
  { db, storage },
) => {
  const files = createFileStore(db, storage);
  app.post(
    AGENT_KNOWLEDGE_API.saveToProject,
    {
      onRequest: requireSession(db),
      schema: { body: saveToProjectBody, response: { 200: envelope(saveToProjectData) } },
    },
    async (request) => {
      const youLabel = translate(requestLocale(request), 'save_to_project.you');
      return ok(await saveToProject({ db, files }, sessionOf(request).userId, { ...request.body, youLabel }));
    },
  );
};

import { KNOWLEDGE_API } from '@tandem/contract/api';
import { envelope } from '@tandem/contract/envelope';
import { knowledgeSearchData, knowledgeSearchQuery } from '@tandem/contract/knowledge';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { requireSession, sessionOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http/envelope.ts';
import { authorizeProject, projectAccess } from '../project/index.ts';
import { searchProject } from './search.ts';

/** Search over a project's knowledge (listed in docs/api.md). */
export const knowledgeRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    KNOWLEDGE_API.search,
    {
      onRequest: requireSession(db),
      schema: { querystring: knowledgeSearchQuery, response: { 200: envelope(knowledgeSearchData) } },
    },
    async (request) => {
      const { project_id: projectId, query, limit } = request.query;
      const grant = authorizeProject(await projectAccess(db, sessionOf(request).userId, projectId), 'view');
      return ok({ data: await searchProject(db, grant.projectId, query, limit) });
    },
  );
};

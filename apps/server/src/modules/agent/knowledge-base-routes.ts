import { AGENT_KNOWLEDGE_API, knowledgeBasesQuery } from '@tandem/contract/agent-knowledge';
import { envelope, pageOf } from '@tandem/contract/envelope';
import { projectItem } from '@tandem/contract/project';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { requireSession, sessionOf } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { ok } from '../../platform/http/envelope.ts';
import { listProjects, teamRolesOf } from '../project/index.ts';
import { loadTeamContext } from '../team/index.ts';
import { loadAgent } from './agent-data.ts';
import { authorizeAgent } from './policy.ts';

/**
 * The projects the agent editor's knowledge step offers: those of the agent's team (the
 * current team for a new agent) the caller may read, as the project list shows them.
 */
export const knowledgeBaseRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    AGENT_KNOWLEDGE_API.knowledgeBases,
    {
      onRequest: requireSession(db),
      schema: { querystring: knowledgeBasesQuery, response: { 200: envelope(pageOf(projectItem)) } },
    },
    async (request) => {
      const { userId } = sessionOf(request);
      const { agent_id: agentId, keyword, page, page_size } = request.query;
      let teamId: number | undefined;
      if (agentId === undefined) {
        teamId = (await loadTeamContext(db, userId))?.teamId;
      } else {
        const context = await loadAgent(db, { id: agentId }, userId);
        authorizeAgent(context.agent, context.actor, 'edit');
        teamId = context.agent.teamId;
      }
      const teamRoles = teamId === undefined ? null : await teamRolesOf(db, userId, teamId);
      if (teamId === undefined || teamRoles === null) throw new AppError('NO_MANAGEMENT_PERMISSION');
      return ok(
        await listProjects(db, { userId, teamId, teamRoles }, { keyword, recent: 0, page, page_size }),
      );
    },
  );
};

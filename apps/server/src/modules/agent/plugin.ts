import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SpaBundle } from '../../platform/http/spa.ts';
import { embedRoutes } from './embed-routes.ts';
import { knowledgeBaseRoutes } from './knowledge-base-routes.ts';
import { type AgentDeps, agentRoutes } from './routes.ts';

/**
 * The agents module's calls: agents, their members, debugging and publishing, the knowledge bases an
 * agent may draw on, and (with the web app built) the embed script and page.
 */
export const agentModule: FastifyPluginAsyncZod<AgentDeps & { bundle?: SpaBundle }> = async (app, deps) => {
  await app.register(agentRoutes, deps);
  await app.register(knowledgeBaseRoutes, { db: deps.db });
  if (deps.bundle) await app.register(embedRoutes, { db: deps.db, bundle: deps.bundle });
};

import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Db } from '../../db/client.ts';
import { agents } from '../../db/schema.ts';
import { type SpaBundle, sendIndex } from '../../platform/http/spa.ts';
import { EMBED_SCRIPT } from './embed-script.ts';

export const EMBED_PAGE_PATH = '/embed/agent/:agent_key';
export const EMBED_SCRIPT_PATH = '/embed/agent.js';

/**
 * The sites that may frame a page: always this one; for a web-public agent's chat, also the origins its
 * owner listed (spec: the embed code works on the sites the owner allows, nowhere else).
 */
export function withFrameAncestors(policy: string, origins: readonly string[]) {
  const ancestors = ["'self'", ...origins].join(' ');
  return policy.replace(/frame-ancestors [^;]*/, `frame-ancestors ${ancestors}`);
}

/**
 * A web-public agent's chat page in another site's frame, and the script that puts it behind a chat
 * bubble there. The page is the app's (the chat runs in it); what changes is who may frame it.
 */
export const embedRoutes: FastifyPluginAsync<{ db: Db; bundle: SpaBundle }> = async (app, { db, bundle }) => {
  app.get<{ Params: { agent_key: string } }>(EMBED_PAGE_PATH, async (request, reply: FastifyReply) => {
    const [agent] = await db
      .select({ access: agents.access, embedOrigins: agents.embedOrigins })
      .from(agents)
      .where(and(eq(agents.agentKey, request.params.agent_key), isNull(agents.deletedAt)));
    const policy = reply.getHeader('content-security-policy');
    if (agent?.access === 'web_public' && typeof policy === 'string' && agent.embedOrigins.length > 0) {
      reply.header('content-security-policy', withFrameAncestors(policy, agent.embedOrigins));
      // frame-ancestors decides; the older header would refuse every other site.
      reply.removeHeader('x-frame-options');
    }
    return sendIndex(reply, bundle);
  });

  app.get(EMBED_SCRIPT_PATH, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      // Other sites load it with a plain script tag.
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(EMBED_SCRIPT),
  );
};

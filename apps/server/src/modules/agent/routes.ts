import {
  AGENT_API,
  type AgentConfig,
  addAgentMembersBody,
  agentAccessData,
  agentCandidate,
  agentCandidatesQuery,
  agentCard,
  agentConfig,
  agentCountData,
  agentDetail,
  agentIdBody,
  agentIdQuery,
  agentKeyQuery,
  agentMember,
  agentMemberListQuery,
  agentStateData,
  agentTemplate,
  createAgentBody,
  createAgentData,
  hubListQuery,
  publicAgentInfo,
  removeAgentMemberBody,
  setAgentAccessBody,
  transferAgentBody,
  updateAgentBody,
  updateAgentMemberBody,
} from '@tandem/contract/agent';
import type { AgentAbility } from '@tandem/contract/agent-rules';
import { envelope, pageOf } from '@tandem/contract/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { optionalUserId, requireSession, sessionOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http/envelope.ts';
import { requestLocale } from '../../platform/http/request-locale.ts';
import type { Llm } from '../../platform/llm/llm.ts';
import type { Realtime } from '../../platform/realtime/realtime.ts';
import { requireTeam, teamOf } from '../team/index.ts';
import { loadAgent, readConfig } from './agent-data.ts';
import { announceDeletion, deleteAgent } from './agent-deletion.ts';
import {
  addAgentMembers,
  listAgentCandidates,
  listAgentMembers,
  removeAgentMember,
  updateAgentMember,
} from './agent-members.ts';
import { announceHandOver, transferAgent } from './agent-transfer.ts';
import {
  changeStatus,
  createAgent,
  deletedAgentFace,
  describeAgent,
  publicInfo,
  type StatusChange,
  saveDraft,
  setAccess,
} from './agents.ts';
import { listHub } from './hub-listing.ts';
import { authorizeAgent } from './policy.ts';
import { assertPublishable } from './publish-check.ts';
import { agentStreamRoutes } from './stream-routes.ts';
import { findTemplate, listTemplates } from './templates.ts';

const done = envelope(z.null());

export type AgentDeps = { db: Db; realtime: Realtime; llm: Llm };

/**
 * Agent calls (designed in the spec's style, listed in docs/api.md). Each call that names an
 * agent loads it with the caller's place in its team and asks the policy for one ability.
 */
export const agentRoutes: FastifyPluginAsyncZod<AgentDeps> = async (app, deps) => {
  const { db, realtime, llm } = deps;
  const session = requireSession(db);
  const signedIn = { onRequest: session };
  const inCurrentTeam = { onRequest: [session, requireTeam(db, 'member')] };

  /** The agent `id` names, when the caller has `ability` on it. */
  const agentFor = async (request: FastifyRequest, id: number, ability: AgentAbility) => {
    const context = await loadAgent(db, { id }, sessionOf(request).userId);
    authorizeAgent(context.agent, context.actor, ability);
    return context;
  };

  app.get(
    AGENT_API.hubList,
    {
      ...inCurrentTeam,
      schema: { querystring: hubListQuery, response: { 200: envelope(pageOf(agentCard)) } },
    },
    async (request) => {
      const team = teamOf(request);
      const caller = { userId: team.userId, teamId: team.teamId, teamRoles: team.roles };
      return ok(await listHub(db, caller, request.query));
    },
  );
  app.get(
    AGENT_API.templates,
    { ...signedIn, schema: { response: { 200: envelope(z.array(agentTemplate)) } } },
    async (request) => ok(listTemplates(requestLocale(request))),
  );
  app.post(
    AGENT_API.create,
    { ...inCurrentTeam, schema: { body: createAgentBody, response: { 200: envelope(createAgentData) } } },
    async (request) => {
      const team = teamOf(request);
      const { template_id: templateId, config } = request.body;
      const draft: AgentConfig =
        config ??
        (templateId ? findTemplate(templateId, requestLocale(request)).config : agentConfig.parse({}));
      return ok(await createAgent(db, { teamId: team.teamId, userId: team.userId }, draft));
    },
  );
  app.get(
    AGENT_API.detail,
    { ...signedIn, schema: { querystring: agentIdQuery, response: { 200: envelope(agentDetail) } } },
    async (request) => ok(await describeAgent(db, await agentFor(request, request.query.id, 'edit'))),
  );
  app.post(
    AGENT_API.update,
    { ...signedIn, schema: { body: updateAgentBody, response: { 200: envelope(agentStateData) } } },
    async (request) => {
      const { agent } = await agentFor(request, request.body.id, 'edit');
      return ok(await saveDraft(db, agent, request.body.config));
    },
  );

  const statusChanges: [string, StatusChange][] = [
    [AGENT_API.publish, 'publish'],
    [AGENT_API.unpublish, 'unpublish'],
    [AGENT_API.offShelf, 'offShelf'],
    [AGENT_API.onShelf, 'onShelf'],
  ];
  for (const [path, change] of statusChanges) {
    app.post(
      path,
      { ...signedIn, schema: { body: agentIdBody, response: { 200: envelope(agentStateData) } } },
      async (request) => {
        const { agent } = await agentFor(request, request.body.id, 'publish');
        if (change === 'publish') await assertPublishable(llm, readConfig(agent.draft));
        return ok(await changeStatus(db, agent, change));
      },
    );
  }

  app.delete(
    AGENT_API.delete,
    { ...signedIn, schema: { body: agentIdBody, response: { 200: done } } },
    async (request) => {
      const { agent } = await agentFor(request, request.body.id, 'delete');
      const audience = await deleteAgent(db, agent);
      await announceDeletion(realtime, agent.id, audience);
      return ok(null);
    },
  );
  app.post(
    AGENT_API.setAccess,
    { ...signedIn, schema: { body: setAgentAccessBody, response: { 200: envelope(agentAccessData) } } },
    async (request) => {
      const { agent } = await agentFor(request, request.body.id, 'share');
      return ok(await setAccess(db, agent, request.body.access, request.body.embed_origins));
    },
  );

  // Members.
  app.get(
    AGENT_API.memberList,
    {
      ...signedIn,
      schema: { querystring: agentMemberListQuery, response: { 200: envelope(pageOf(agentMember)) } },
    },
    async (request) => {
      const { agent } = await agentFor(request, request.query.id, 'edit');
      return ok(await listAgentMembers(db, agent, request.query, sessionOf(request).userId));
    },
  );
  app.post(
    AGENT_API.addMembers,
    { ...signedIn, schema: { body: addAgentMembersBody, response: { 200: envelope(agentCountData) } } },
    async (request) => {
      const { id, user_ids: userIds, permission } = request.body;
      const { agent } = await agentFor(request, id, 'manage_members');
      return ok({ count: await addAgentMembers(db, agent, userIds, permission) });
    },
  );
  app.post(
    AGENT_API.updateMember,
    { ...signedIn, schema: { body: updateAgentMemberBody, response: { 200: done } } },
    async (request) => {
      const { agent } = await agentFor(request, request.body.id, 'manage_members');
      await updateAgentMember(db, agent, request.body.user_id, request.body.permission);
      return ok(null);
    },
  );
  app.delete(
    AGENT_API.removeMember,
    { ...signedIn, schema: { body: removeAgentMemberBody, response: { 200: done } } },
    async (request) => {
      const { agent } = await agentFor(request, request.body.id, 'manage_members');
      await removeAgentMember(db, agent, request.body.user_id);
      return ok(null);
    },
  );

  app.get(
    AGENT_API.candidates,
    {
      ...signedIn,
      schema: { querystring: agentCandidatesQuery, response: { 200: envelope(pageOf(agentCandidate)) } },
    },
    async (request) => {
      const { agent } = await agentFor(request, request.query.id, 'manage_members');
      return ok(await listAgentCandidates(db, agent, request.query, sessionOf(request).userId));
    },
  );
  app.post(
    AGENT_API.transfer,
    { ...signedIn, schema: { body: transferAgentBody, response: { 200: done } } },
    async (request) => {
      const { agent } = await agentFor(request, request.body.id, 'transfer');
      const handedOver = await transferAgent(db, agent, request.body.user_id);
      await announceHandOver(realtime, [handedOver], 'transfer');
      return ok(null);
    },
  );

  // Public (a link, QR code or embed): visitors too; a signed-in caller is recognised.
  app.get(
    AGENT_API.publicInfo,
    { schema: { querystring: agentKeyQuery, response: { 200: envelope(publicAgentInfo) } } },
    async (request) => {
      const userId = await optionalUserId(db, request);
      const context = await loadAgent(db, { agentKey: request.query.agent_key }, userId).catch(
        (error: unknown) => deletedAgentFace(db, request.query.agent_key, error),
      );
      return ok(await publicInfo(db, context));
    },
  );

  await app.register(agentStreamRoutes, deps);
};

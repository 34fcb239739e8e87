import { describe, expect, it } from 'vitest';
import { agentApi, completeConfig, useFakeModels } from '../../../test/agents.ts';
import { eventually } from '../../../test/eventually.ts';
import { signedInRealtimeClient } from '../../../test/realtime-clients.ts';
import { useTestApp } from '../../../test/test-app.ts';

const ctx = useTestApp();
const { data, team, agent } = agentApi(ctx);
const fakes = useFakeModels(ctx);

const listen = (who: { token: string; id: number }) => signedInRealtimeClient(ctx.app, who.token, who.id);
const DELETED = { type: 'SA:agent_deleted', status: 4 };

describe('SA:agent_deleted on the user channel', () => {
  it('reaches every member of the team when a released team-public agent is deleted', async () => {
    const { owner, member } = await team();
    const colleague = await member();
    const stranger = (await team('Elsewhere')).owner;
    const { id } = await agent(owner.token, completeConfig(fakes.model.chat));
    await data('POST', '/api/agent/set-agent-access', owner.token, { id, access: 'team_public' });
    await data('POST', '/api/agent/publish-agent', owner.token, { id });
    const [ownerPage, colleaguePage, strangerPage] = await Promise.all([
      listen(owner),
      listen(colleague),
      listen(stranger),
    ]);

    await data('DELETE', '/api/agent/delete-agent', owner.token, { id });
    await eventually(() => expect(colleaguePage.notifications).toHaveLength(1));
    expect(colleaguePage.notifications[0]).toEqual({ ...DELETED, agent_id: id });
    await eventually(() => expect(ownerPage.notifications).toHaveLength(1));
    expect(strangerPage.notifications).toEqual([]);
  });

  it('reaches only its people (owner, members, team managers) when a private or unreleased one is deleted', async () => {
    const { owner, member } = await team();
    const viewer = await member();
    const bystander = await member();
    const agentOwner = await member();
    const { id } = await agent(agentOwner.token, completeConfig(fakes.model.chat));
    await data('POST', '/api/agent/add-agent-members', agentOwner.token, {
      id,
      user_ids: [viewer.id],
      permission: 'viewer',
    });
    const pages = await Promise.all([owner, viewer, bystander, agentOwner].map(listen));

    await data('DELETE', '/api/agent/delete-agent', owner.token, { id });
    const [teamOwnerPage, viewerPage, bystanderPage, agentOwnerPage] = pages;
    for (const page of [teamOwnerPage!, viewerPage!, agentOwnerPage!]) {
      await eventually(() => expect(page.notifications).toEqual([{ ...DELETED, agent_id: id }]));
    }
    expect(bystanderPage!.notifications).toEqual([]);
  });
});

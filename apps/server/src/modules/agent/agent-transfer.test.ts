import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentApi, type Person } from '../../../test/agents.ts';
import { eventually } from '../../../test/eventually.ts';
import { signedInRealtimeClient } from '../../../test/realtime-clients.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { agentMembers, agents } from '../../db/schema.ts';
import { loadAgent } from './agent-data.ts';
import { transferAgent } from './agent-transfer.ts';

const ctx = useTestApp();
const { call, data, team, agent } = agentApi(ctx);

const listen = (who: Person) => signedInRealtimeClient(ctx.app, who.token, who.id);
const detail = (id: number, who: Person) => call('GET', `/api/agent/get-agent-info?id=${id}`, who.token);
const permissionsOn = async (id: number) =>
  (
    await ctx.database.db
      .select({ userId: agentMembers.userId, permission: agentMembers.permission })
      .from(agentMembers)
      .where(eq(agentMembers.agentId, id))
      .orderBy(agentMembers.userId)
  ).map((row) => [row.userId, row.permission]);
const ownerOf = async (id: number) =>
  (await ctx.database.db.select({ ownerId: agents.ownerId }).from(agents).where(eq(agents.id, id)))[0]
    ?.ownerId;

describe('transferring an agent', () => {
  it('hands it to a member of its team, who hears of it; the previous owner stays on as its admin', async () => {
    const { member } = await team();
    const [alice, bob, carol] = [await member(), await member(), await member()];
    const { id } = await agent(alice.token, { name: 'Handbook' });
    await data('POST', '/api/agent/add-agent-members', alice.token, {
      id,
      user_ids: [bob.id],
      permission: 'viewer',
    });
    await data('POST', '/api/agent/add-agent-members', alice.token, {
      id,
      user_ids: [carol.id],
      permission: 'editor',
    });
    const bobPage = await listen(bob);

    expect(await data('POST', '/api/agent/transfer-agent', alice.token, { id, user_id: bob.id })).toBeNull();

    expect((await detail(id, bob)).body.data).toMatchObject({
      owner: { user_id: bob.id },
      my_role: 'owner',
      abilities: { delete: true, transfer: true },
    });
    expect((await detail(id, alice)).body.data).toMatchObject({
      my_role: 'admin',
      abilities: { manage_members: true, delete: false, transfer: false },
    });
    // Bob's viewer place went (an owner has every permission); Carol keeps hers.
    expect(await permissionsOn(id)).toEqual([
      [alice.id, 'admin'],
      [carol.id, 'editor'],
    ]);
    await eventually(() =>
      expect(bobPage.notifications).toEqual([
        { type: 'SA:agent_transferred', agent_id: id, agent_name: 'Handbook', reason: 'transfer' },
      ]),
    );
    // Alice, an admin now, may not hand it on again.
    const again = await call('POST', '/api/agent/transfer-agent', alice.token, { id, user_id: carol.id });
    expect([again.status, again.body.code]).toEqual([403, 1003]);
  });

  it('lets the team owner hand over an agent that is not theirs', async () => {
    const { owner, member } = await team();
    const [alice, bob] = [await member(), await member()];
    const { id } = await agent(alice.token);
    await data('POST', '/api/agent/transfer-agent', owner.token, { id, user_id: bob.id });
    expect(await ownerOf(id)).toBe(bob.id);
    expect(await permissionsOn(id)).toEqual([[alice.id, 'admin']]);
  });

  it('refuses the owner themself, someone outside the team, and an agent that changed hands meanwhile', async () => {
    const { member } = await team();
    const [alice, bob, carol] = [await member(), await member(), await member()];
    const outsider = (await team('Elsewhere')).owner;
    const { id } = await agent(alice.token);
    const transfer = (userId: number) =>
      call('POST', '/api/agent/transfer-agent', alice.token, { id, user_id: userId });

    expect((await transfer(alice.id)).body.code).toBe(2116);
    expect((await transfer(outsider.id)).body).toMatchObject({ code: 2117 });
    expect((await transfer(2_000_000_000)).body.code).toBe(2117);
    const bad = await call('POST', '/api/agent/transfer-agent', alice.token, { id, user_id: 'bob' });
    expect([bad.status, bad.body.code]).toEqual([400, 1001]);
    expect(await ownerOf(id)).toBe(alice.id);

    // A transfer that read the agent before another one landed finds its owner gone, and changes nothing.
    const { agent: read } = await loadAgent(ctx.database.db, { id }, alice.id);
    await data('POST', '/api/agent/transfer-agent', alice.token, { id, user_id: bob.id });
    await expect(transferAgent(ctx.database.db, read, carol.id)).rejects.toMatchObject({ code: 2118 });
    expect(await ownerOf(id)).toBe(bob.id);
  });
});

describe('leaving a team', () => {
  it('drops the leaver’s places on the team’s agents and passes the agents they own to the team owner', async () => {
    const { owner, member, join, teamId } = await team('Departures');
    const [leaver, stayer] = [await member(), await member()];
    const owned = await agent(leaver.token, { name: 'Leaver’s agent' });
    const shared = await agent(stayer.token, { name: 'Stayer’s agent' });
    // What they own in another team of theirs stays theirs.
    await team('Other Team').then((other) => other.join(leaver));
    const kept = await agent(leaver.token, { name: 'Kept elsewhere' });
    await data('POST', '/api/team/switch-team', leaver.token, { current_team_id: teamId });
    await data('POST', '/api/agent/add-agent-members', leaver.token, {
      id: owned.id,
      user_ids: [owner.id, stayer.id],
      permission: 'editor',
    });
    await data('POST', '/api/agent/add-agent-members', stayer.token, {
      id: shared.id,
      user_ids: [leaver.id],
      permission: 'admin',
    });
    const ownerPage = await listen(owner);

    await data('POST', '/api/team/leave-team', leaver.token);

    expect(await ownerOf(owned.id)).toBe(owner.id);
    expect(await permissionsOn(owned.id)).toEqual([[stayer.id, 'editor']]);
    expect(await permissionsOn(shared.id)).toEqual([]);
    expect(await ownerOf(kept.id)).toBe(leaver.id);
    await eventually(() =>
      expect(ownerPage.notifications).toContainEqual({
        type: 'SA:agent_transferred',
        agent_id: owned.id,
        agent_name: 'Leaver’s agent',
        reason: 'owner_left',
      }),
    );
    // Coming back does not bring the old permissions back.
    await join(leaver);
    expect((await detail(shared.id, leaver)).body.code).toBe(2103);
    expect((await detail(owned.id, owner)).body.data.my_role).toBe('owner');
  });

  it('does the same when a manager removes members, for several at once', async () => {
    const { owner, member } = await team('Removals');
    const [ann, bob, keeper] = [await member(), await member(), await member()];
    const annAgent = await agent(ann.token);
    const bobAgent = await agent(bob.token);
    const keeperAgent = await agent(keeper.token);
    await data('POST', '/api/agent/add-agent-members', keeper.token, {
      id: keeperAgent.id,
      user_ids: [ann.id, bob.id],
      permission: 'viewer',
    });

    await data('DELETE', '/api/team/remove-out-team', owner.token, { user_ids: [ann.id, bob.id] });

    expect([await ownerOf(annAgent.id), await ownerOf(bobAgent.id), await ownerOf(keeperAgent.id)]).toEqual([
      owner.id,
      owner.id,
      keeper.id,
    ]);
    expect(await permissionsOn(keeperAgent.id)).toEqual([]);
    const cards = await data('GET', '/api/agent/get-agent-list?tab=mine&mine=1', owner.token);
    // Besides the team's default assistant, which the owner has had from the start.
    const handedOver = cards.data.filter((card: { is_default: boolean }) => !card.is_default);
    expect(handedOver.map((card: { id: number }) => card.id).sort((a: number, b: number) => a - b)).toEqual(
      [annAgent.id, bobAgent.id].sort((a, b) => a - b),
    );
  });
});

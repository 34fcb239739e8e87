import { describe, expect, it } from 'vitest';
import { agentApi, completeConfig, type Method, type Person, useFakeModels } from '../../../test/agents.ts';
import { useTestApp } from '../../../test/test-app.ts';

const ctx = useTestApp();
const { call, data, team, agent } = agentApi(ctx);
const fakes = useFakeModels(ctx);

/**
 * The people around one team-private, published agent: its owner (a plain member of the team), the
 * team's owner and an admin, its per-agent admin, editor and viewer, a member of the team it is not
 * shared with, a member of another team, and a visitor.
 */
type Actor =
  | 'owner'
  | 'teamOwner'
  | 'teamAdmin'
  | 'admin'
  | 'editor'
  | 'viewer'
  | 'member'
  | 'outsider'
  | 'anonymous';

/** What a route needs: a session, a team, or an ability on the agent (`delete` and `transfer` alike). */
type Level = 'session' | 'team' | 'use' | 'edit' | 'manage' | 'analyse' | 'delete';

const PASSES: Record<Actor, Level[]> = {
  owner: ['session', 'team', 'use', 'edit', 'manage', 'analyse', 'delete'],
  teamOwner: ['session', 'team', 'use', 'edit', 'manage', 'analyse', 'delete'],
  teamAdmin: ['session', 'team', 'use', 'edit', 'manage', 'analyse', 'delete'],
  admin: ['session', 'team', 'use', 'edit', 'manage', 'analyse'],
  editor: ['session', 'team', 'use', 'edit'],
  viewer: ['session', 'team', 'use'],
  member: ['session', 'team'],
  outsider: ['session', 'team'],
  anonymous: [],
};

const REFUSALS = new Set([1010, 1003, 2103]);

async function people() {
  const { owner: teamOwner, member } = await team('Matrix Works');
  const [owner, teamAdmin, admin, editor, viewer, plain, spare] = [
    await member(),
    await member(),
    await member(),
    await member(),
    await member(),
    await member(),
    await member(),
  ];
  await data('POST', '/api/team/set-admin', teamOwner.token, { user_id: teamAdmin.id, is_admin: 1 });
  const outsider = (await team('Elsewhere Works')).owner;
  const actors: Record<Actor, Person | undefined> = {
    owner,
    teamOwner,
    teamAdmin,
    admin,
    editor,
    viewer,
    member: plain,
    outsider,
    anonymous: undefined,
  };
  /** A published team-private agent of `owner`, shared with the admin, editor and viewer. */
  const fixture = async () => {
    const { id, key } = await agent(owner.token, completeConfig(fakes.model.chat));
    for (const [who, permission] of [
      [admin, 'admin'],
      [editor, 'editor'],
      [viewer, 'viewer'],
    ] as const) {
      await data('POST', '/api/agent/add-agent-members', owner.token, { id, user_ids: [who.id], permission });
    }
    await data('POST', '/api/agent/publish-agent', owner.token, { id });
    return { id, key };
  };
  return { actors, fixture, spare };
}

describe('who may call what on an agent', () => {
  it('answers every agent route (data analysis, user feedback and transfer included) for owner, team owner and admin, agent admin, editor, viewer, team member, other team and visitor', async () => {
    const { actors, fixture, spare } = await people();
    const { id, key } = await fixture();
    const config = completeConfig(fakes.model.chat);
    /** Payloads that change nothing that matters to the rows after them (the agent ends published). */
    /** `ownAgent`: each caller acts on an agent of its own, so one who may does not take it from the next. */
    const ROUTES: {
      method: Method;
      url: string;
      level: Level;
      body?: (agentId: number) => object;
      ownAgent?: boolean;
    }[] = [
      { method: 'GET', url: '/api/agent/get-agent-list', level: 'team' },
      { method: 'GET', url: '/api/agent/get-agent-templates', level: 'session' },
      { method: 'GET', url: `/api/agent/get-public-agent-info?agent_key=${key}`, level: 'use' },
      { method: 'GET', url: `/api/agent/get-agent-info?id=${id}`, level: 'edit' },
      { method: 'POST', url: '/api/agent/update-agent', level: 'edit', body: () => ({ id, config }) },
      {
        method: 'POST',
        url: '/api/agent/debug-chat',
        level: 'edit',
        body: () => ({ id, config: { name: 'no model' }, messages: [{ role: 'user', content: 'hi' }] }),
      },
      {
        method: 'POST',
        url: '/api/agent/counselor-optimize',
        level: 'session',
        body: () => ({ prompt: 'x', model_id: fakes.model.disabled }),
      },
      { method: 'GET', url: `/api/agent/get-agent-members?id=${id}`, level: 'edit' },
      { method: 'GET', url: `/api/agent/get-agent-candidates?id=${id}&keyword=a`, level: 'manage' },
      {
        method: 'POST',
        url: '/api/agent/add-agent-members',
        level: 'manage',
        body: () => ({ id, user_ids: [spare.id], permission: 'viewer' }),
      },
      {
        method: 'POST',
        url: '/api/agent/update-agent-member',
        level: 'manage',
        body: () => ({ id, user_id: spare.id, permission: 'viewer' }),
      },
      {
        method: 'DELETE',
        url: '/api/agent/remove-agent-member',
        level: 'manage',
        body: () => ({ id, user_id: spare.id }),
      },
      {
        method: 'POST',
        url: '/api/agent/set-agent-access',
        level: 'manage',
        body: () => ({ id, access: 'team_private' }),
      },
      { method: 'POST', url: '/api/agent/off-shelf-agent', level: 'manage', body: () => ({ id }) },
      { method: 'POST', url: '/api/agent/on-shelf-agent', level: 'manage', body: () => ({ id }) },
      { method: 'POST', url: '/api/agent/unpublish-agent', level: 'manage', body: () => ({ id }) },
      { method: 'POST', url: '/api/agent/publish-agent', level: 'manage', body: () => ({ id }) },
      {
        method: 'GET',
        url: `/api/agent/get-agent-analysis?agent_id=${id}&start_date=2026-03-01&end_date=2026-03-07`,
        level: 'analyse',
      },
      { method: 'GET', url: `/api/agent/get-agent-feedback?agent_id=${id}`, level: 'analyse' },
      { method: 'POST', url: '/api/agent/create-agent', level: 'team', body: () => ({}) },
      {
        method: 'POST',
        url: '/api/agent/transfer-agent',
        level: 'delete',
        body: (own) => ({ id: own, user_id: spare.id }),
        ownAgent: true,
      },
      {
        method: 'DELETE',
        url: '/api/agent/delete-agent',
        level: 'delete',
        body: (own) => ({ id: own }),
        ownAgent: true,
      },
    ];

    const failures: string[] = [];
    for (const route of ROUTES) {
      for (const [name, user] of Object.entries(actors) as [Actor, Person | undefined][]) {
        const agentId = route.ownAgent ? (await fixture()).id : id;
        const answer = await call(route.method, route.url, user?.token, route.body?.(agentId));
        const passes = PASSES[name].includes(route.level);
        const isOutside = name === 'member' || name === 'outsider';
        const expected = passes ? undefined : !user ? 1010 : isOutside ? 2103 : 1003;
        const ok = expected === undefined ? !REFUSALS.has(answer.body.code) : answer.body.code === expected;
        if (!ok)
          failures.push(`${route.method} ${route.url} as ${name}: ${answer.status} ${answer.body.code}`);
      }
      // The rows above must leave the agent published for the ones below.
      if (route.url.includes('publish-agent') && !route.url.includes('unpublish')) {
        expect((await data('GET', `/api/agent/get-agent-info?id=${id}`, actors.owner!.token)).status).toBe(
          'published',
        );
      }
    }
    expect(failures).toEqual([]);
  });

  it('lets anyone with the link use a web-public agent, visitors included, and nothing more', async () => {
    const { actors, fixture } = await people();
    const { id, key } = await fixture();
    await data('POST', '/api/agent/set-agent-access', actors.owner!.token, { id, access: 'web_public' });
    for (const name of ['member', 'outsider', 'anonymous'] as const) {
      const info = await call(
        'GET',
        `/api/agent/get-public-agent-info?agent_key=${key}`,
        actors[name]?.token,
      );
      expect(info.status, name).toBe(200);
      const detail = await call('GET', `/api/agent/get-agent-info?id=${id}`, actors[name]?.token);
      expect(detail.body.code, name).toBe(name === 'anonymous' ? 1010 : 1003);
    }
  });

  it('lets every member of the team use a team-public agent, and no one outside it', async () => {
    const { actors, fixture } = await people();
    const { id, key } = await fixture();
    await data('POST', '/api/agent/set-agent-access', actors.owner!.token, { id, access: 'team_public' });
    const url = `/api/agent/get-public-agent-info?agent_key=${key}`;
    expect((await call('GET', url, actors.member!.token)).status).toBe(200);
    // Not found, as every other agent call answers someone with no way to it: a refusal would confirm it exists.
    const outsider = await call('GET', url, actors.outsider!.token);
    expect([outsider.status, outsider.body.code]).toEqual([404, 2103]);
    expect((await call('GET', url)).body.code).toBe(1010);
    const cards = await data('GET', '/api/agent/get-agent-list', actors.member!.token);
    expect(cards.data.map((card: { id: number }) => card.id)).toContain(id);
  });
});

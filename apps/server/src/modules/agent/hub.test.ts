import type { AgentCard } from '@tandem/contract/agent';
import { maskEmail } from '@tandem/contract/contact-mask';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentApi, completeConfig, type Person, useFakeModels } from '../../../test/agents.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { agents } from '../../db/schema.ts';

const ctx = useTestApp();
const { data, team, agent } = agentApi(ctx);
const fakes = useFakeModels(ctx);

/** One team's hub: who is in it and which agents it holds (ids by name). */
const hub = {} as {
  owner: Person;
  alice: Person;
  bob: Person;
  carol: Person;
  ids: Record<string, number>;
};

beforeAll(async () => {
  const { model } = fakes;
  const { owner, member } = await team('Hub Works');
  const [alice, bob, carol] = [await member(), await member(), await member()];
  Object.assign(hub, { owner, alice, bob, carol, ids: {} });

  /** An agent with its access, status, popularity and release day (days ago). */
  const make = async (
    who: Person,
    name: string,
    setup: {
      description?: string;
      access?: string;
      status?: string;
      conversations?: number;
      daysAgo?: number;
    },
  ) => {
    const { id } = await agent(who.token, {
      ...completeConfig(model.chat, name),
      description: setup.description ?? `${name} helps the team.`,
    });
    if (setup.access)
      await data('POST', '/api/agent/set-agent-access', who.token, { id, access: setup.access });
    if (setup.status !== 'draft') await data('POST', '/api/agent/publish-agent', who.token, { id });
    if (setup.status === 'off_shelf') await data('POST', '/api/agent/off-shelf-agent', who.token, { id });
    const publishedAt = new Date(Date.now() - (setup.daysAgo ?? 0) * 86_400_000);
    await ctx.database.db
      .update(agents)
      .set({
        conversationCount: setup.conversations ?? 0,
        ...(setup.status === 'draft' ? {} : { publishedAt }),
      })
      .where(eq(agents.id, id));
    hub.ids[name] = id;
  };
  await make(alice, 'Weekly Report Writer', { access: 'team_public', conversations: 5, daysAgo: 3 });
  await make(alice, 'Translator Pro', {
    description: 'Translates every report_100% faithfully.',
    conversations: 50,
    daysAgo: 2,
  });
  await make(bob, 'Report Drafts', { access: 'team_public', status: 'draft' });
  await make(bob, 'Code Helper', { access: 'web_public', conversations: 1, daysAgo: 5 });
  await make(alice, 'Old Helper', { access: 'team_public', status: 'off_shelf', daysAgo: 9 });
  await make(owner, 'Report Summariser', { access: 'team_public', daysAgo: 1 });
  await data('POST', '/api/agent/add-agent-members', alice.token, {
    id: hub.ids['Translator Pro'],
    user_ids: [bob.id],
    permission: 'viewer',
  });
  await data('POST', '/api/agent/add-agent-members', alice.token, {
    id: hub.ids['Old Helper'],
    user_ids: [bob.id],
    permission: 'editor',
  });
  const elsewhere = await team('Other Hub');
  await agent(elsewhere.owner.token, {
    ...completeConfig(model.chat, 'Report Elsewhere'),
    model_id: model.chat,
  });
});

async function list(who: Person, query = '') {
  const page = await data('GET', `/api/agent/get-agent-list?${query}`, who.token);
  return { ...page, names: page.data.map((card: AgentCard) => card.name) as string[] };
}

describe('the Agents Hub', () => {
  it('lists under “all” the published agents each person may use, most popular first', async () => {
    const { owner, bob, carol } = hub;
    // The team's default assistant (made with the team, never used yet) among the unused ones.
    expect((await list(carol)).names).toEqual([
      'Weekly Report Writer',
      'Code Helper',
      'Assistant',
      'Report Summariser',
    ]);
    expect((await list(bob)).names).toEqual([
      'Translator Pro',
      'Weekly Report Writer',
      'Code Helper',
      'Assistant',
      'Report Summariser',
    ]);
    // A team manager may use the team's private agents too.
    expect((await list(owner, 'sort=popular')).total).toBe(5);
  });

  it('lists under “mine” what the caller owns or edits in any status, and `mine=1` only what they own', async () => {
    const { bob } = hub;
    expect((await list(bob, 'tab=mine&sort=latest')).names).toEqual([
      'Code Helper',
      'Old Helper',
      'Report Drafts',
    ]);
    expect((await list(bob, 'tab=mine&mine=1&sort=latest')).names).toEqual(['Code Helper', 'Report Drafts']);
    expect((await list(bob, 'tab=all&mine=1')).names).toEqual(['Code Helper']);
  });

  it('searches name and description, ranking name matches first; sorts by popularity or release', async () => {
    const { owner } = hub;
    expect((await list(owner, 'keyword=report')).names).toEqual([
      'Report Summariser',
      'Weekly Report Writer',
      'Translator Pro',
    ]);
    expect((await list(owner, 'keyword=REPORT&sort=popular')).names).toEqual([
      'Translator Pro',
      'Weekly Report Writer',
      'Report Summariser',
    ]);
    expect((await list(owner, 'keyword=report&sort=latest')).names).toEqual([
      'Report Summariser',
      'Translator Pro',
      'Weekly Report Writer',
    ]);
    expect((await list(owner, `keyword=${encodeURIComponent('t_100%')}`)).names).toEqual(['Translator Pro']);
    expect((await list(owner, `keyword=${encodeURIComponent('%')}`)).names).toEqual(['Translator Pro']);
    expect((await list(owner, 'keyword=elsewhere')).total).toBe(0);
  });

  it('pages with a total, also past the end', async () => {
    const { owner } = hub;
    const first = await list(owner, 'sort=popular&page_size=3');
    const second = await list(owner, 'sort=popular&page_size=3&page=2');
    expect([first.total, second.total]).toEqual([5, 5]);
    expect([...first.names, ...second.names]).toEqual([
      'Translator Pro',
      'Weekly Report Writer',
      'Code Helper',
      'Assistant',
      'Report Summariser',
    ]);
    expect(await list(owner, 'page_size=3&page=5')).toMatchObject({ data: [], total: 5 });
  });

  it('shows on each card the owner, the model and what the caller may do', async () => {
    const { bob, alice } = hub;
    const { data: cards } = await list(bob);
    const translator = cards.find((card: AgentCard) => card.name === 'Translator Pro');
    expect(translator).toMatchObject({
      id: hub.ids['Translator Pro'],
      agent_key: expect.stringMatching(/^[\w-]{16}$/),
      description: 'Translates every report_100% faithfully.',
      avatar: '/api/upload/files/avatar-1.png',
      status: 'published',
      access: 'team_private',
      owner_id: alice.id,
      owner_name: maskEmail(alice.email),
      model_name: 'Fake fake-chat',
      conversation_count: 50,
      published_at: expect.any(String),
      my_role: 'viewer',
      abilities: {
        use: true,
        edit: false,
        publish: false,
        share: false,
        manage_members: false,
        analyse: false,
        delete: false,
        transfer: false,
      },
    });
  });

  it('refuses bad queries field by field', async () => {
    const answer = await ctx.app.inject({
      method: 'GET',
      url: '/api/agent/get-agent-list?sort=best&tab=others&page_size=500',
      headers: { authorization: `Bearer ${hub.bob.token}` },
    });
    expect(answer.statusCode).toBe(400);
    const fields = answer.json().data.fields.map((f: { field: string }) => f.field);
    expect(fields.sort()).toEqual(['page_size', 'sort', 'tab']);
  });
});

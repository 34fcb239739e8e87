import type { RecentConversation } from '@tandem/contract/chat';
import type { Page } from '@tandem/contract/envelope';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentApi, completeConfig, useFakeModels } from '../../../test/agents.ts';
import { chatRows } from '../../../test/chat-rows.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { conversations } from '../../db/schema.ts';

const ctx = useTestApp();
const { data, team, agent, person } = agentApi(ctx);
const fakes = useFakeModels(ctx);

const recent = async (token: string, query = '') =>
  (await data('GET', `/api/chat/get-recent-conversations${query}`, token)) as Page<RecentConversation>;

/** A published agent of the caller's current team, team-public unless told. */
async function publishedAgent(token: string, name: string, access = 'team_public') {
  const created = await agent(token, completeConfig(fakes.model.chat, name));
  await data('POST', '/api/agent/set-agent-access', token, { id: created.id, access, embed_origins: [] });
  await data('POST', '/api/agent/publish-agent', token, { id: created.id });
  return created;
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('the recent conversations of the chat landing page', () => {
  it('lists the user’s conversations with every agent, latest first, each with its agent', async () => {
    const { owner, teamId, member } = await team();
    const colleague = await member();
    const planner = await publishedAgent(owner.token, 'Planner');
    const coder = await publishedAgent(owner.token, 'Coder');
    const rows = chatRows(ctx.database.db);
    const older = await rows.conversation(
      { id: planner.id, teamId },
      { userId: colleague.id },
      minutesAgo(30),
    );
    const newer = await rows.conversation({ id: coder.id, teamId }, { userId: colleague.id }, minutesAgo(5));
    // Someone else's, and a deleted one, are not the user's to see.
    await rows.conversation({ id: coder.id, teamId }, { userId: owner.id });
    const deleted = await rows.conversation({ id: planner.id, teamId }, { userId: colleague.id });
    await ctx.database.db
      .update(conversations)
      .set({ deletedAt: new Date() })
      .where(eq(conversations.id, deleted));

    const page = await recent(colleague.token);
    expect(page.total).toBe(2);
    expect(page.data).toEqual([
      {
        conversation_id: newer,
        title: 'Seeded',
        agent_id: coder.id,
        created_at: expect.any(String),
        updated_at: expect.any(String),
        agent: {
          id: coder.id,
          agent_key: coder.key,
          name: 'Coder',
          avatar: expect.any(String),
          status: 'published',
        },
      },
      expect.objectContaining({
        conversation_id: older,
        agent: expect.objectContaining({ name: 'Planner' }),
      }),
    ]);
  });

  it('answers a page at a time with the total', async () => {
    const { owner, teamId } = await team();
    const agents = await Promise.all(['A', 'B', 'C'].map((name) => publishedAgent(owner.token, name)));
    const rows = chatRows(ctx.database.db);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const with_ = agents[i % agents.length]!;
      ids.push(await rows.conversation({ id: with_.id, teamId }, { userId: owner.id }, minutesAgo(i)));
    }
    const first = await recent(owner.token, '?page=1&page_size=5');
    const third = await recent(owner.token, '?page=3&page_size=5');
    expect([first.total, third.total]).toEqual([12, 12]);
    expect(first.data.map((row) => row.conversation_id)).toEqual(ids.slice(0, 5));
    expect(third.data.map((row) => row.conversation_id)).toEqual(ids.slice(10));
    expect(first.data.map((row) => row.agent.name)).toEqual(['A', 'B', 'C', 'A', 'B']);
  });

  it('keeps conversations with an agent deleted or off the shelf, marked, and drops those out of reach', async () => {
    const { owner, teamId, member } = await team();
    const colleague = await member();
    const gone = await publishedAgent(owner.token, 'Retired');
    const shelved = await publishedAgent(owner.token, 'Shelved');
    const narrowed = await publishedAgent(owner.token, 'Narrowed');
    const rows = chatRows(ctx.database.db);
    for (const [index, with_] of [gone, shelved, narrowed].entries()) {
      await rows.conversation({ id: with_.id, teamId }, { userId: colleague.id }, minutesAgo(index));
    }
    await data('DELETE', '/api/agent/delete-agent', owner.token, { id: gone.id });
    await data('POST', '/api/agent/off-shelf-agent', owner.token, { id: shelved.id });
    await data('POST', '/api/agent/set-agent-access', owner.token, {
      id: narrowed.id,
      access: 'team_private',
      embed_origins: [],
    });

    const page = await recent(colleague.token);
    expect(page.data.map((row) => [row.agent.name, row.agent.status])).toEqual([
      ['Retired', 'deleted'],
      ['Shelved', 'off_shelf'],
    ]);
    expect(page.total).toBe(2);
    // The owner still reaches the narrowed agent.
    await rows.conversation({ id: narrowed.id, teamId }, { userId: owner.id });
    expect((await recent(owner.token)).data.map((row) => row.agent.name)).toEqual(['Narrowed']);
  });

  it('drops the conversations of a team the user left, but not those of a web-public agent', async () => {
    const { owner, teamId, member } = await team();
    const leaver = await member();
    const inside = await publishedAgent(owner.token, 'Inside');
    const open = await publishedAgent(owner.token, 'Open', 'web_public');
    const rows = chatRows(ctx.database.db);
    await rows.conversation({ id: inside.id, teamId }, { userId: leaver.id });
    await rows.conversation({ id: open.id, teamId }, { userId: leaver.id });
    expect((await recent(leaver.token)).total).toBe(2);

    await data('POST', '/api/team/leave-team', leaver.token);
    const page = await recent(leaver.token);
    expect(page.data.map((row) => row.agent.name)).toEqual(['Open']);
    expect(page.total).toBe(1);
  });

  it('is empty for a new user', async () => {
    expect(await recent((await person()).token)).toEqual({ data: [], total: 0 });
  });
});

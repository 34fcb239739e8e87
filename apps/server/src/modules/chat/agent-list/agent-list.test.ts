import { randomBytes } from 'node:crypto';
import { CHAT_AGENT_LIST_MAX, type ChatListAgent } from '@tandem/contract/chat';
import { ERRORS } from '@tandem/contract/errors';
import { MESSAGES } from '@tandem/contract/messages';
import { VISITOR_TOKEN_HEADER } from '@tandem/contract/system';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { completeConfig, type Person, useFakeModels } from '../../../../test/agents.ts';
import { chatApi } from '../../../../test/chat.ts';
import { chatRows } from '../../../../test/chat-rows.ts';
import { eventually } from '../../../../test/eventually.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { agents, chatAgentList, conversations } from '../../../db/schema.ts';

const ctx = useTestApp();
const { call, data, team, agent, person, settledReply } = chatApi(ctx);
const fakes = useFakeModels(ctx);

const listOf = async (token: string) =>
  (await data('GET', '/api/chat/get-agent-list', token)) as ChatListAgent[];
const idsOf = async (token: string) => (await listOf(token)).map((listed) => listed.id);
const add = (token: string, agentId: number) =>
  call('POST', '/api/chat/add-agent', token, { agent_id: agentId });
const remove = (token: string, agentId: number) =>
  call('POST', '/api/chat/remove-agent', token, { agent_id: agentId });

/** A published agent of the caller's current team on the fake chat model, team-private unless told. */
async function publishedAgent(token: string, access?: 'team_public' | 'web_public', name?: string) {
  const created = await agent(token, completeConfig(fakes.model.chat, name));
  if (access) {
    await data('POST', '/api/agent/set-agent-access', token, { id: created.id, access, embed_origins: [] });
  }
  await data('POST', '/api/agent/publish-agent', token, { id: created.id });
  return created;
}

const rowsOf = async (userId: number) =>
  (
    await ctx.database.db.select({ n: count() }).from(chatAgentList).where(eq(chatAgentList.userId, userId))
  )[0]?.n;

/** `n` published team-public agents of the owner's team, written straight to the database. */
async function seededAgents(n: number, owner: Person, teamId: number) {
  const rows = await ctx.database.db
    .insert(agents)
    .values(
      Array.from({ length: n }, (_, i) => ({
        agentKey: randomBytes(12).toString('base64url'),
        teamId,
        ownerId: owner.id,
        name: `Seeded ${i}`,
        status: 'published' as const,
        access: 'team_public' as const,
        publishedAt: new Date(),
      })),
    )
    .returning({ id: agents.id });
  return rows.map((row) => row.id);
}

const listAll = (userId: number, agentIds: number[]) =>
  ctx.database.db.insert(chatAgentList).values(agentIds.map((agentId) => ({ userId, agentId })));

describe('adding to the agents list', () => {
  it('lists the agent with its face, status, points per request and when it was last used', async () => {
    const { owner } = await team();
    const created = await publishedAgent(owner.token, undefined, 'Standup Scribe');
    expect((await add(owner.token, created.id)).body).toMatchObject({ code: 0, data: null });

    const [listed, ...rest] = await listOf(owner.token);
    expect(rest).toEqual([]);
    expect(listed).toEqual({
      id: created.id,
      agent_key: created.key,
      name: 'Standup Scribe',
      description: 'Turns merged pull requests into release notes.',
      avatar: '/api/upload/files/avatar-1.png',
      status: 'published',
      points_per_request: 3,
      last_used_at: expect.any(String),
      is_default: false,
    });
    expect(Math.abs(Date.parse(listed!.last_used_at) - Date.now())).toBeLessThan(60_000);
  });

  it('adding again keeps one row and moves the agent to the top', async () => {
    const { owner } = await team();
    const first = await publishedAgent(owner.token);
    const second = await publishedAgent(owner.token);
    await add(owner.token, first.id);
    await add(owner.token, second.id);
    expect(await idsOf(owner.token)).toEqual([second.id, first.id]);

    expect((await add(owner.token, first.id)).status).toBe(200);
    expect(await idsOf(owner.token)).toEqual([first.id, second.id]);
    expect(await rowsOf(owner.id)).toBe(2);
  });

  it('refuses an agent the caller may not use as authorizeAgent does: not found', async () => {
    const { owner, member } = await team();
    const colleague = await member();
    const outsider = await person();
    const privateAgent = await publishedAgent(owner.token);
    for (const who of [colleague, outsider]) {
      const refused = await add(who.token, privateAgent.id);
      expect([refused.status, refused.body.code]).toEqual([404, ERRORS.AGENT_NOT_FOUND.code]);
    }
    expect(await listOf(colleague.token)).toEqual([]);
    expect((await add(outsider.token, 999_999)).body.code).toBe(ERRORS.AGENT_NOT_FOUND.code);
  });

  it('lets anyone signed in list a web-public agent of another team', async () => {
    const { owner } = await team();
    const open = await publishedAgent(owner.token, 'web_public');
    const outsider = await person();
    expect((await add(outsider.token, open.id)).status).toBe(200);
    expect(await idsOf(outsider.token)).toEqual([open.id]);
  });

  it('refuses a deleted agent with 2008 and one off the shelf with 2009 (outsiders: not found)', async () => {
    const { owner, member } = await team();
    const colleague = await member();
    const gone = await publishedAgent(owner.token, 'team_public');
    await data('DELETE', '/api/agent/delete-agent', owner.token, { id: gone.id });
    const shelved = await publishedAgent(owner.token, 'team_public');
    await data('POST', '/api/agent/off-shelf-agent', owner.token, { id: shelved.id });

    const deleted = await add(colleague.token, gone.id);
    expect([deleted.status, deleted.body.code]).toEqual([410, ERRORS.AGENT_DELETED.code]);
    const offShelf = await add(colleague.token, shelved.id);
    expect([offShelf.status, offShelf.body.code]).toEqual([409, ERRORS.AGENT_OFF_SHELF.code]);
    expect((await add((await person()).token, shelved.id)).body.code).toBe(ERRORS.AGENT_NOT_FOUND.code);
    expect(await listOf(colleague.token)).toEqual([]);
  });
});

describe('removing from the agents list', () => {
  it('takes the agent off the list and keeps its conversations', async () => {
    const { owner, teamId } = await team();
    const created = await publishedAgent(owner.token);
    await add(owner.token, created.id);
    await chatRows(ctx.database.db).conversation({ id: created.id, teamId }, { userId: owner.id });

    expect((await remove(owner.token, created.id)).body).toMatchObject({ code: 0, data: null });
    expect(await listOf(owner.token)).toEqual([]);
    const kept = await data('GET', `/api/chat/get-conversation-list?agent_id=${created.id}`, owner.token);
    expect(kept.total).toBe(1);
    // One not in the list is already gone.
    expect((await remove(owner.token, created.id)).body).toMatchObject({ code: 0, data: null });
  });
});

describe('starting a conversation', () => {
  it('lists the agent of a user’s first message; later messages do not bring back a removed one', async () => {
    const { owner } = await team();
    const created = await publishedAgent(owner.token);
    const sent = await data('POST', '/api/chat/agent-send-message', owner.token, {
      agent_id: created.id,
      content: 'hello',
    });
    await eventually(async () => expect(await idsOf(owner.token)).toEqual([created.id]));
    await settledReply(owner.token, sent.conversation_id);

    await remove(owner.token, created.id);
    await data('POST', '/api/chat/agent-send-message', owner.token, {
      conversation_id: sent.conversation_id,
      content: 'again',
    });
    await settledReply(owner.token, sent.conversation_id);
    expect(await listOf(owner.token)).toEqual([]);
  });
});

describe('opening a chat', () => {
  const open = (token: string, agentId: number) =>
    call('POST', '/api/chat/open-agent', token, { agent_id: agentId });

  it('lists an agent never used at once, before any message; one listed keeps its place', async () => {
    const { owner, member } = await team();
    const colleague = await member();
    const first = await publishedAgent(owner.token, 'team_public');
    const second = await publishedAgent(owner.token, 'team_public');
    expect(await listOf(colleague.token)).toEqual([]);

    expect((await open(colleague.token, first.id)).body).toMatchObject({ code: 0, data: { listed: true } });
    expect(await idsOf(colleague.token)).toEqual([first.id]);
    await open(colleague.token, second.id);
    expect(await idsOf(colleague.token)).toEqual([second.id, first.id]);

    // Looking at a chat again does not reorder the list; a message does.
    await open(colleague.token, first.id);
    expect(await idsOf(colleague.token)).toEqual([second.id, first.id]);
    expect(await rowsOf(colleague.id)).toBe(2);
  });

  it('refuses what adding refuses, and answers listed: false on a full list instead of an error', async () => {
    const { owner, teamId } = await team();
    const outsider = await person();
    const privateAgent = await publishedAgent(owner.token);
    expect((await open(outsider.token, privateAgent.id)).body.code).toBe(ERRORS.AGENT_NOT_FOUND.code);
    expect(await listOf(outsider.token)).toEqual([]);

    await listAll(owner.id, await seededAgents(CHAT_AGENT_LIST_MAX, owner, teamId));
    expect((await open(owner.token, privateAgent.id)).body).toMatchObject({
      code: 0,
      data: { listed: false },
    });
    expect(await rowsOf(owner.id)).toBe(CHAT_AGENT_LIST_MAX);
  });
});

describe('the order of the agents list', () => {
  it('follows the later of when an agent was added and its latest live conversation', async () => {
    const { owner, teamId } = await team();
    const first = await publishedAgent(owner.token);
    const second = await publishedAgent(owner.token);
    await add(owner.token, first.id);
    await add(owner.token, second.id);
    expect(await idsOf(owner.token)).toEqual([second.id, first.id]);

    const rows = chatRows(ctx.database.db);
    const soon = new Date(Date.now() + 60_000);
    await rows.conversation({ id: first.id, teamId }, { userId: owner.id }, soon);
    const [top] = await listOf(owner.token);
    expect(top).toMatchObject({ id: first.id, last_used_at: soon.toISOString() });

    // A deleted conversation counts for nothing.
    const later = new Date(Date.now() + 120_000);
    const deleted = await rows.conversation({ id: second.id, teamId }, { userId: owner.id }, later);
    await ctx.database.db
      .update(conversations)
      .set({ deletedAt: new Date() })
      .where(eq(conversations.id, deleted));
    expect(await idsOf(owner.token)).toEqual([first.id, second.id]);
  });
});

describe('who still sees a listed agent', () => {
  it('a member who leaves the team no longer sees its agents', async () => {
    const { owner, member } = await team();
    const leaver = await member();
    const created = await publishedAgent(owner.token, 'team_public');
    await add(leaver.token, created.id);
    expect(await idsOf(leaver.token)).toEqual([created.id]);

    await data('POST', '/api/team/leave-team', leaver.token);
    expect(await listOf(leaver.token)).toEqual([]);
  });

  it('a member no longer sees an agent whose access narrowed to its chosen people; its owner does', async () => {
    const { owner, member } = await team();
    const colleague = await member();
    const created = await publishedAgent(owner.token, 'team_public');
    await add(colleague.token, created.id);
    await add(owner.token, created.id);

    await data('POST', '/api/agent/set-agent-access', owner.token, {
      id: created.id,
      access: 'team_private',
      embed_origins: [],
    });
    expect(await listOf(colleague.token)).toEqual([]);
    expect(await idsOf(owner.token)).toEqual([created.id]);
  });

  it('an agent taken off the shelf or deleted after being listed stays, with its status', async () => {
    const { owner, member } = await team();
    const colleague = await member();
    const shelved = await publishedAgent(owner.token, 'team_public', 'Shelved');
    const gone = await publishedAgent(owner.token, 'team_public', 'Retired');
    await add(colleague.token, shelved.id);
    await add(colleague.token, gone.id);

    await data('POST', '/api/agent/off-shelf-agent', owner.token, { id: shelved.id });
    await data('DELETE', '/api/agent/delete-agent', owner.token, { id: gone.id });
    expect(await listOf(colleague.token)).toEqual([
      expect.objectContaining({ id: gone.id, name: 'Retired', status: 'deleted', points_per_request: 0 }),
      expect.objectContaining({
        id: shelved.id,
        name: 'Shelved',
        status: 'off_shelf',
        points_per_request: 3,
      }),
    ]);
    expect((await remove(colleague.token, gone.id)).status).toBe(200);
    expect(await idsOf(colleague.token)).toEqual([shelved.id]);
  });
});

describe('the agents list’s limit', () => {
  it(`holds ${CHAT_AGENT_LIST_MAX}: one more answers 2024, and a first message no longer lists its agent`, async () => {
    const { owner, teamId } = await team();
    const full = await seededAgents(CHAT_AGENT_LIST_MAX, owner, teamId);
    await listAll(owner.id, full);
    const extra = await publishedAgent(owner.token);

    const refused = await add(owner.token, extra.id);
    expect([refused.status, refused.body]).toEqual([
      409,
      { code: ERRORS.AGENT_LIST_FULL.code, msg: MESSAGES['en-US'].error.agent_list_full, data: null },
    ]);
    // One already listed can still be moved to the top.
    expect((await add(owner.token, full[0]!)).status).toBe(200);
    expect((await idsOf(owner.token))[0]).toBe(full[0]);

    const sent = await data('POST', '/api/chat/agent-send-message', owner.token, {
      agent_id: extra.id,
      content: 'hello',
    });
    await settledReply(owner.token, sent.conversation_id);
    expect(await rowsOf(owner.id)).toBe(CHAT_AGENT_LIST_MAX);
    expect(await idsOf(owner.token)).not.toContain(extra.id);

    await remove(owner.token, full[1]!);
    expect((await add(owner.token, extra.id)).status).toBe(200);
    expect(await rowsOf(owner.id)).toBe(CHAT_AGENT_LIST_MAX);
  });

  it(`never goes past ${CHAT_AGENT_LIST_MAX} however many adds race at the last place`, async () => {
    const { owner, teamId } = await team();
    const [last, ...listed] = await seededAgents(CHAT_AGENT_LIST_MAX, owner, teamId);
    await listAll(owner.id, listed);
    const racers = [last!, ...(await seededAgents(5, owner, teamId))];

    const answers = await Promise.all(racers.map((agentId) => add(owner.token, agentId)));
    const codes = answers.map((answer) => answer.body.code);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === ERRORS.AGENT_LIST_FULL.code)).toHaveLength(racers.length - 1);
    expect(await rowsOf(owner.id)).toBe(CHAT_AGENT_LIST_MAX);
  });
});

describe('visitors', () => {
  it('have no agents list: every call answers 401', async () => {
    const { owner } = await team();
    const open = await publishedAgent(owner.token, 'web_public');
    const visitor = { [VISITOR_TOKEN_HEADER]: randomBytes(32).toString('base64url') };
    const answers = await Promise.all([
      call('GET', '/api/chat/get-agent-list', undefined, undefined, visitor),
      call('POST', '/api/chat/add-agent', undefined, { agent_id: open.id }, visitor),
      call('POST', '/api/chat/remove-agent', undefined, { agent_id: open.id }, visitor),
      call('POST', '/api/chat/open-agent', undefined, { agent_id: open.id }, visitor),
      call('GET', '/api/chat/get-recent-conversations', undefined, undefined, visitor),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401]);
  });
});

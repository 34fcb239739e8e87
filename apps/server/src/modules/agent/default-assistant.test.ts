import { ERRORS } from '@tandem/contract/errors';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFakeModels, completeConfig, type FakeModels, type Person } from '../../../test/agents.ts';
import { chatApi } from '../../../test/chat.ts';
import { type FakeLlmServer, startFakeLlmServer } from '../../../test/fake-llm/fake-llm-server.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { models } from '../../db/schema.ts';
import { issueSetupToken } from '../user/setup-links.ts';

// The fake model server listens before the app is built, so the setup page's discovery probes its port
// (and one where nothing listens): the app reads `overrides` when its own beforeAll runs, after this one.
let fake: FakeLlmServer;
const overrides: Record<string, string> = {};
beforeAll(async () => {
  fake = await startFakeLlmServer();
  overrides.LOCAL_MODEL_PORTS = `${new URL(fake.baseUrl).port},9`;
});
afterAll(() => fake?.close());
const ctx = useTestApp(overrides);
const { call, data, person, agent, settledReply } = chatApi(ctx);

const hubOf = async (token: string) =>
  (await data('GET', '/api/agent/get-agent-list?tab=all', token)).data as {
    id: number;
    name: string;
    is_default: boolean;
    model_name: string | null;
    abilities: { delete: boolean };
  }[];

const defaultAssistantOf = async (who: Person) => {
  const found = (await hubOf(who.token)).find((card) => card.is_default);
  if (!found) throw new Error('no default assistant');
  return found;
};

const send = (token: string, payload: object) => call('POST', '/api/chat/agent-send-message', token, payload);

describe('a fresh installation', () => {
  it('gives a new user a default assistant that says how to connect a model while none is', async () => {
    const newcomer = await person();
    const assistant = await defaultAssistantOf(newcomer);
    expect(assistant).toMatchObject({ name: 'Assistant', model_name: null });
    const onlyIt = await data('GET', '/api/agent/get-agent-list?tab=all&is_default=1', newcomer.token);
    expect(onlyIt).toMatchObject({ total: 1, data: [{ id: assistant.id }] });
    const opened = await data('POST', '/api/chat/open-agent', newcomer.token, { agent_id: assistant.id });
    expect(opened).toEqual({ listed: true });
    const listed = await data('GET', '/api/chat/get-agent-list', newcomer.token);
    expect(listed).toMatchObject([{ id: assistant.id, is_default: true, status: 'published' }]);

    const refused = await send(newcomer.token, { agent_id: assistant.id, content: 'Hello?' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe(ERRORS.NO_MODEL_CONNECTED.code);
  });

  it('prints a setup link that makes its first opener platform admin, once', async () => {
    const token = (await issueSetupToken(ctx.database.db))!;
    expect(token).toMatch(/^[\w-]{43}$/);
    const check = async () => (await call('GET', `/api/setup/check-link?token=${token}`)).body.data.valid;
    expect(await check()).toBe(true);
    expect((await call('POST', '/api/setup/claim-link', undefined, { token })).status).toBe(401);

    const opener = await person();
    expect((await call('GET', '/api/admin/local-model-servers', opener.token)).status).toBe(403);
    expect(await data('POST', '/api/setup/claim-link', opener.token, { token })).toEqual({ is_super: true });
    expect(await check()).toBe(false);
    const again = await call('POST', '/api/setup/claim-link', (await person()).token, { token });
    expect(again.status).toBe(404);
    expect(again.body.code).toBe(ERRORS.SETUP_LINK_INVALID.code);
    // With an admin in place, a start prints no link.
    expect(await issueSetupToken(ctx.database.db)).toBeUndefined();

    // The setup page finds the local server and connects its model in one click, as the default.
    const servers = await data('GET', '/api/admin/local-model-servers', opener.token);
    expect(servers).toEqual([
      { name: 'OpenAI-compatible', base_url: fake.baseUrl, models: ['fake-chat', 'fake-slow'] },
    ]);
    const connected = await data('POST', '/api/admin/connect-model', opener.token, {
      base_url: fake.baseUrl,
      model_key: 'fake-chat',
    });
    const offered = await data('GET', '/api/agent/get-model-list', opener.token);
    expect(offered).toMatchObject([{ id: connected.model_id, name: 'fake-chat', is_default: true }]);
    // Connecting it again reuses the provider and the model.
    expect(
      await data('POST', '/api/admin/connect-model', opener.token, {
        base_url: fake.baseUrl,
        model_key: 'fake-chat',
      }),
    ).toEqual(connected);
  });
});

describe('the default assistant', () => {
  let fakes: FakeModels;
  beforeAll(async () => {
    fakes = await addFakeModels(ctx, fake);
    // Priced unlike the others (before the gateway first reads the models).
    await ctx.database.db.update(models).set({ pointsPerRequest: 7 }).where(eq(models.id, fakes.slow));
  });

  it('answers a new user at once on the platform default model; every team has its own, for every member', async () => {
    const newcomer = await person();
    const assistant = await defaultAssistantOf(newcomer);
    expect(assistant.model_name).toBe('fake-chat');
    const sent = await send(newcomer.token, { agent_id: assistant.id, content: 'Hello, who are you?' });
    expect(sent.status).toBe(200);
    const reply = await settledReply(newcomer.token, sent.body.data.conversation_id);
    expect(reply.status).toBe('done');
    expect(reply.content).not.toBe('');
    expect(fake.calls.at(-1)?.body.model).toBe('fake-chat');

    // A new organisation team has its own; a member who joins finds it in the chat at once.
    const { team_id } = await data('POST', '/api/team/create-team', newcomer.token, {
      name: 'Night Shift',
      industry_id: 101,
      scale: 0,
    });
    const teamAssistant = await defaultAssistantOf(newcomer);
    expect(teamAssistant.id).not.toBe(assistant.id);
    const { invite_code } = await data('POST', '/api/team/get-invite-code', newcomer.token, { is_reset: 0 });
    const member = await person();
    await data('POST', '/api/team/join-team', member.token, { invite_code });
    await data('POST', '/api/team/switch-team', member.token, { current_team_id: team_id });
    expect((await defaultAssistantOf(member)).id).toBe(teamAssistant.id);
    const asked = await send(member.token, { agent_id: teamAssistant.id, content: 'Hi team' });
    expect((await settledReply(member.token, asked.body.data.conversation_id)).status).toBe('done');
  });

  it('answers with the model picked in its chat, billed at that model’s points, for the whole conversation', async () => {
    const newcomer = await person();
    const assistant = await defaultAssistantOf(newcomer);
    const sent = await send(newcomer.token, { agent_id: assistant.id, content: 'Hi', model_id: fakes.slow });
    expect(sent.body.data.points).toBe(7);
    const first = await settledReply(newcomer.token, sent.body.data.conversation_id);
    expect(first.model_id).toBe(fakes.slow);
    // The next message of the conversation keeps the choice.
    const next = await send(newcomer.token, {
      conversation_id: sent.body.data.conversation_id,
      content: 'More',
    });
    expect(next.body.data.points).toBe(7);
    expect((await settledReply(newcomer.token, sent.body.data.conversation_id)).model_id).toBe(fakes.slow);

    const unusable = await send(newcomer.token, {
      agent_id: assistant.id,
      content: 'Hi',
      model_id: fakes.disabled,
    });
    expect(unusable.body.code).toBe(ERRORS.MODEL_UNAVAILABLE.code);
    // Another agent answers with its own model only.
    const own = await agent(newcomer.token, completeConfig(fakes.chat));
    await data('POST', '/api/agent/publish-agent', newcomer.token, { id: own.id });
    const refused = await send(newcomer.token, { agent_id: own.id, content: 'Hi', model_id: fakes.slow });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(ERRORS.MODEL_CHOICE_NOT_ALLOWED.code);
  });

  it('cannot be deleted, unpublished or taken off the shelf, and its card offers no delete', async () => {
    const owner = await person();
    const assistant = await defaultAssistantOf(owner);
    expect(assistant.abilities.delete).toBe(false);
    for (const [method, url] of [
      ['DELETE', '/api/agent/delete-agent'],
      ['POST', '/api/agent/unpublish-agent'],
      ['POST', '/api/agent/off-shelf-agent'],
    ] as const) {
      const refused = await call(method, url, owner.token, { id: assistant.id });
      expect(refused.status, url).toBe(409);
      expect(refused.body.code, url).toBe(ERRORS.DEFAULT_AGENT_FIXED.code);
    }
    expect((await defaultAssistantOf(owner)).id).toBe(assistant.id);
  });
});

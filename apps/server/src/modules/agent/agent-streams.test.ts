import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StreamEvent } from '@tandem/contract/agent';
import { Centrifuge } from 'centrifuge';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { agentApi, completeConfig, useFakeModels, watchedLlm } from '../../../test/agents.ts';
import { eventually } from '../../../test/eventually.ts';
import { bearer } from '../../../test/factories.ts';
import { realtimeUrl } from '../../../test/realtime-clients.ts';
import { useTestApp } from '../../../test/test-app.ts';
import type { LlmRequest } from '../../platform/llm/llm.ts';

/** The app's real gateway, watched: each request it was asked for, with its abort signal. */
const requests: LlmRequest[] = [];
const ctx = useTestApp({}, (config) => ({ llm: watchedLlm(ctx, config, requests) }));
const { call, data, team, agent } = agentApi(ctx);
const fakes = useFakeModels(ctx);

/** Parses a Server-Sent Events body into its events, checking each event name matches its type. */
function eventsOf(body: string): StreamEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.startsWith('event:'))
    .map((block) => {
      const [name, dataLine] = block.split('\n');
      const event = JSON.parse(dataLine!.replace(/^data: /, '')) as StreamEvent;
      expect(name).toBe(`event: ${event.type}`);
      return event;
    });
}

async function debugChat(token: string, payload: object) {
  const answer = await ctx.app.inject({
    method: 'POST',
    url: '/api/agent/debug-chat',
    headers: bearer(token),
    payload,
  });
  return { status: answer.statusCode, headers: answer.headers, body: answer.body };
}

const say = (content: string) => [{ role: 'user', content }];

describe('debug chat', () => {
  it('streams the reply of the unsaved configuration as Server-Sent Events', async () => {
    const { owner } = await team();
    const { id } = await agent(owner.token, completeConfig(fakes.model.chat));
    const config = { ...completeConfig(fakes.model.chat), prompt: 'Answer like a pirate.', markdown: false };
    const answer = await debugChat(owner.token, { id, config, messages: say('/system') });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(answer.headers['x-request-id']).toBeTruthy();
    const events = eventsOf(answer.body);
    // The system prompt: the agent's, then the rule its markdown switch adds, a paragraph apart.
    const expected = 'System: Answer like a pirate.\n\nAnswer in plain text, without Markdown formatting.';
    const deltas = events.filter((e) => e.type === 'delta').map((e) => e.content);
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe(expected);
    expect(events.at(-1)).toMatchObject({ type: 'done', content: expected, finish_reason: 'stop' });
  });

  it('sends the preset’s sampling values and only the context window of earlier turns', async () => {
    const { owner } = await team();
    const config = {
      ...completeConfig(fakes.model.chat),
      params: { preset: 'accurate', temperature: 0.1, top_p: 0.7, max_tokens: 64, context_window: 1 },
    };
    const messages = [
      { role: 'user', content: 'first question' },
      { role: 'assistant', content: 'first answer' },
      { role: 'user', content: 'second question' },
      { role: 'assistant', content: 'second answer' },
      { role: 'user', content: '/params' },
    ];
    const events = eventsOf((await debugChat(owner.token, { config, messages })).body);
    expect(events.at(-1)).toMatchObject({
      type: 'done',
      content: 'temperature=0.1 top_p=0.7 max_tokens=64 presence_penalty=0 frequency_penalty=0',
    });
    const sent = fakes.server.calls.at(-1)!.body.messages.map((m) => `${m.role}: ${m.content}`);
    expect(sent).toEqual([
      'system: You write short release notes.',
      'assistant: second answer',
      'user: /params',
    ]);
  });

  it('reports a failing model as one error event, in the caller’s language', async () => {
    const { owner } = await team();
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/agent/debug-chat',
      headers: { ...bearer(owner.token), 'accept-language': 'zh-CN' },
      payload: { config: completeConfig(fakes.model.fail), messages: say('hello') },
    });
    expect(eventsOf(answer.body)).toEqual([
      { type: 'error', code: 2005, msg: expect.stringMatching(/繁忙/) },
    ]);
  });

  it('refuses before streaming: no model, an unusable model, a viewer, another team', async () => {
    const { owner, member } = await team();
    const viewer = await member();
    const stranger = (await team('Other Works')).owner;
    const { id } = await agent(owner.token);
    await data('POST', '/api/agent/add-agent-members', owner.token, {
      id,
      user_ids: [viewer.id],
      permission: 'viewer',
    });
    const chat = (token: string, config: object, agentId?: number) =>
      call('POST', '/api/agent/debug-chat', token, { id: agentId, config, messages: say('hi') });

    expect((await chat(owner.token, { name: 'No model' }, id)).body.code).toBe(2109);
    expect((await chat(owner.token, completeConfig(fakes.model.disabled), id)).body.code).toBe(2007);
    expect(await chat(viewer.token, completeConfig(fakes.model.chat), id)).toMatchObject({ status: 403 });
    expect(await chat(stranger.token, completeConfig(fakes.model.chat), id)).toMatchObject({ status: 404 });
    expect((await call('POST', '/api/agent/debug-chat', undefined, {})).status).toBe(401);
    const empty = await call('POST', '/api/agent/debug-chat', owner.token, {
      config: completeConfig(fakes.model.chat),
      messages: [{ role: 'assistant', content: 'hello' }],
    });
    expect(empty.body.data.fields[0].field).toBe('messages');
  });

  it('stops the model call when the client goes away', async () => {
    const { owner } = await team();
    if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const body = JSON.stringify({
      config: completeConfig(fakes.model.slow),
      messages: say('one two three four five six'),
    });
    const client = request({
      port,
      host: '127.0.0.1',
      method: 'POST',
      path: '/api/agent/debug-chat',
      agent: false,
      headers: { ...bearer(owner.token), 'content-type': 'application/json' },
    });
    const firstChunk = new Promise<string>((resolve) =>
      client.on('response', (response) => response.once('data', (chunk) => resolve(String(chunk)))),
    );
    client.end(body);
    expect(await firstChunk).toContain('event: delta');
    const call = requests.at(-1)!;
    expect(call.signal?.aborted).toBe(false);
    client.destroy();
    await eventually(() => expect(call.signal?.aborted).toBe(true));
  });
});

describe('prompt counselor', () => {
  it('answers the channel at once and streams the suggestion on it', async () => {
    const { owner } = await team();
    const token = async (url: string, body?: object) => data('POST', url, owner.token, body);
    const channel: string = await token('/api/socket/get-com-chat-channel', {
      com_agent_key: 'counselor_optimize',
    });
    const client = new Centrifuge(await realtimeUrl(ctx.app), {
      websocket: WebSocket,
      getToken: () => token('/api/socket/get-client-token'),
    });
    client.on('error', () => {});
    const events: StreamEvent[] = [];
    const subscription = client.newSubscription(channel, {
      getToken: () => token('/api/socket/subscribe-com-chat-token', { channel }),
    });
    subscription.on('publication', (publication) => events.push(publication.data));
    const subscribed = new Promise((resolve) => subscription.once('subscribed', resolve));
    subscription.subscribe();
    client.connect();
    await subscribed;
    try {
      const answered = await token('/api/agent/counselor-optimize', {
        prompt: 'answer questions about our product',
        name: 'Helper',
        channel,
      });
      expect(answered).toBe(channel);
      await eventually(() => expect(events.at(-1)?.type).toBe('done'));
      const done = events.at(-1) as Extract<StreamEvent, { type: 'done' }>;
      expect(done.content).toMatch(/^Echo: Agent name: Helper/);
      expect(done.content).toContain('answer questions about our product');
      expect(events.flatMap((e) => (e.type === 'delta' ? [e.content] : [])).join('')).toBe(done.content);
      expect(fakes.server.calls.at(-1)!.body.messages[0]).toMatchObject({ role: 'system' });
    } finally {
      client.disconnect();
    }
  });

  it('makes a channel when none is sent, and refuses another user’s or another kind', async () => {
    const { owner, member } = await team();
    const other = await member();
    const made = await data('POST', '/api/agent/counselor-optimize', owner.token, { prompt: 'Be helpful.' });
    expect(made).toMatch(new RegExp(`^com:counselor_optimize\\.[\\w-]+#${owner.id}$`));
    const theirs = await data('POST', '/api/socket/get-com-chat-channel', other.token, {
      com_agent_key: 'counselor_optimize',
    });
    const refused = await call('POST', '/api/agent/counselor-optimize', owner.token, {
      prompt: 'x',
      channel: theirs,
    });
    expect(refused.status).toBe(403);
    const avatar = await data('POST', '/api/socket/get-com-chat-channel', owner.token, {
      com_agent_key: 'avatar_image_build',
    });
    const wrongKind = await call('POST', '/api/agent/counselor-optimize', owner.token, {
      prompt: 'x',
      channel: avatar,
    });
    expect(wrongKind.body.data.fields[0].field).toBe('channel');
    const blank = await call('POST', '/api/agent/counselor-optimize', owner.token, { prompt: '   ' });
    expect(blank.body.data.fields[0].field).toBe('prompt');
  });
});

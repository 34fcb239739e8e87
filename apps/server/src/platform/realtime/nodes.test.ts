import { REALTIME_API } from '@tandem/contract/api';
import type { ChatPublication } from '@tandem/contract/chat';
import { Centrifuge, type PublicationContext } from 'centrifuge';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { agentApi, completeConfig, useFakeModels } from '../../../test/agents.ts';
import { until } from '../../../test/eventually.ts';
import { bearer } from '../../../test/factories.ts';
import { useNodes } from '../../../test/nodes.ts';
import { realtimeUrl } from '../../../test/realtime-clients.ts';
import type { App } from '../../app.ts';

/** A token the app answers for the signed-in user. */
async function tokenFrom(app: App, token: string, url: string, payload?: object) {
  const answer = await app.inject({ method: 'POST', url, headers: bearer(token), payload });
  if (answer.statusCode !== 200) throw new Error(`${url}: ${answer.body}`);
  return answer.json().data as string;
}

describe.runIf(process.env.TEST_DATABASE === 'postgres')('realtime across nodes without Centrifugo', () => {
  const [one, two] = useNodes(2);
  const { data, team, agent } = agentApi(one!);
  const fakes = useFakeModels(one!);

  it('a client on node 2 follows a reply node 1 generates, in order and complete', async () => {
    const { owner } = await team();
    const created = await agent(owner.token, completeConfig(fakes.model.slow));
    await data('POST', '/api/agent/publish-agent', owner.token, { id: created.id });

    // The request goes to node 1, which generates the reply.
    const sent = await data('POST', '/api/chat/agent-send-message', owner.token, {
      agent_id: created.id,
      content: 'one two three four',
    });
    const channel = `chat:${sent.conversation_id}`;

    // The browser's connection landed on node 2, and subscribes once the send has answered.
    const client = new Centrifuge(await realtimeUrl(two!.app), {
      websocket: WebSocket,
      getToken: () => tokenFrom(two!.app, owner.token, REALTIME_API.clientToken),
    });
    client.on('error', () => {});
    const received: PublicationContext[] = [];
    const subscription = client.newSubscription(channel, {
      getToken: () =>
        tokenFrom(two!.app, owner.token, REALTIME_API.chatToken, { conversation_id: sent.conversation_id }),
      // From the start of what node 2 keeps of the channel: the pieces published before it subscribed.
      since: { offset: 0, epoch: '' },
    });
    subscription.on('publication', (ctx) => received.push(ctx));
    subscription.subscribe();
    client.connect();
    try {
      await until(
        () => received.some((ctx) => (ctx.data as ChatPublication).type === 'done'),
        'the reply done',
        {
          timeout: 20_000,
        },
      );
    } finally {
      client.disconnect();
    }

    const publications = received.map((ctx) => ctx.data as ChatPublication);
    expect(publications[0]).toMatchObject({ type: 'start', message_id: sent.assistant_message_id });
    const deltas = publications.filter((p) => p.type === 'delta').map((p) => p.content);
    expect(deltas.join('')).toBe('Echo: one two three four');
    expect(publications.at(-1)).toMatchObject({ type: 'done', content: 'Echo: one two three four' });
    const offsets = received.map((ctx) => ctx.offset);
    expect(offsets).toEqual(offsets.map((_, index) => offsets[0]! + index));
  });
});

import type { AgentConfig } from '@tandem/contract/agent';
import type { ChatMessage } from '@tandem/contract/chat';
import { agentApi, completeConfig, type FakeModels } from './agents.ts';
import { until } from './eventually.ts';
import type { TestContext } from './test-app.ts';

/** Who reads a conversation: a signed-in person's token, or a visitor's headers. */
export type Reader = string | Record<string, string>;

/** An agent's configuration over a complete one (its model's parameters too may be given in part), and its access. */
export type AgentOptions = Omit<Partial<AgentConfig>, 'params'> & {
  params?: Partial<AgentConfig['params']>;
  access?: 'team_public' | 'web_public';
};

/**
 * Helpers of the chat tests: published agents on the fake models (`fakes`, needed for those only),
 * a conversation's messages, and waiting for its reply.
 */
export function chatApi(ctx: TestContext, fakes?: { model: FakeModels }) {
  const api = agentApi(ctx);
  const { call, data, team, agent } = api;

  /**
   * A published agent of the caller's current team on the fake `model`, with `config` over a complete
   * one; team-private unless `access` says otherwise.
   */
  async function publishedAgent(
    token: string,
    model: keyof FakeModels = 'chat',
    { access, ...config }: AgentOptions = {},
  ) {
    if (!fakes) throw new Error('chatApi makes agents only when given the fake models');
    const created = await agent(token, {
      ...completeConfig(fakes.model[model]),
      ...config,
    } as Partial<AgentConfig>);
    if (access) {
      await data('POST', '/api/agent/set-agent-access', token, { id: created.id, access, embed_origins: [] });
    }
    await data('POST', '/api/agent/publish-agent', token, { id: created.id });
    return { agentId: created.id, agentKey: created.key };
  }

  /** A new team whose owner has a published agent, made as `publishedAgent` makes it. */
  async function chatSetup(model: keyof FakeModels = 'chat', options: AgentOptions = {}) {
    const teamOf = await team();
    return { ...teamOf, ...(await publishedAgent(teamOf.owner.token, model, options)) };
  }

  /** A page of the conversation's messages, each page oldest first; page 1 holds the newest. */
  async function messagesPage(reader: Reader, conversationId: string, page = 1, pageSize = 100) {
    const url = `/api/chat/get-conversation-messages?conversation_id=${conversationId}&page=${page}&page_size=${pageSize}`;
    const answer =
      typeof reader === 'string'
        ? await call('GET', url, reader)
        : await call('GET', url, undefined, undefined, reader);
    if (answer.status !== 200) throw new Error(`GET ${url}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.data as { data: ChatMessage[]; total: number };
  }

  /** The conversation's newest 100 messages (a test's whole conversation), oldest first. */
  const messagesOf = async (reader: Reader, conversationId: string) =>
    (await messagesPage(reader, conversationId)).data;

  /** Waits until the conversation's newest message is a reply `isWanted` holds for; answers it. */
  async function replyWhen(
    reader: Reader,
    conversationId: string,
    isWanted: (reply: ChatMessage) => boolean,
    what: string,
  ) {
    let last: ChatMessage | undefined;
    return until(
      async () => {
        last = (await messagesOf(reader, conversationId)).at(-1);
        return last?.role === 'assistant' && isWanted(last) ? last : undefined;
      },
      what,
      { detail: () => `the newest message: ${JSON.stringify(last)}` },
    );
  }

  /** Waits until the conversation's reply has ended (done, failed or stopped); answers it. */
  const settledReply = (reader: Reader, conversationId: string) =>
    replyWhen(reader, conversationId, (reply) => reply.status !== 'streaming', 'the reply ended');

  return { ...api, publishedAgent, chatSetup, messagesPage, messagesOf, replyWhen, settledReply };
}

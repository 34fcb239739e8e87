import type { AgentConfig } from '@tandem/contract/agent';
import { AGENT_KNOWLEDGE_API } from '@tandem/contract/agent-knowledge';
import type { FakeModels } from './agents.ts';
import { chatApi } from './chat.ts';
import { knowledgeApi } from './knowledge.ts';
import type { TestContext } from './test-app.ts';

/** Helpers of the tests of agents that know projects: agents with knowledge, messages and replies. */
export function agentKnowledgeApi(ctx: TestContext, fakes: { model: FakeModels }) {
  const api = knowledgeApi(ctx);
  const { call, data } = api;
  const { publishedAgent, messagesOf, settledReply } = chatApi(ctx, fakes);

  /** A published agent of the caller's team, open to its members, with `config` over a complete one. */
  async function knowingAgent(token: string, config: Partial<AgentConfig>) {
    const { agentId, agentKey } = await publishedAgent(token, 'chat', {
      name: 'Librarian',
      access: 'team_public',
      ...config,
    });
    return { id: agentId, key: agentKey };
  }

  /** Asks (in chat, or beside a document with `doc_id`) and waits for the reply. */
  async function ask(token: string, payload: Record<string, unknown>) {
    const url = payload.doc_id ? AGENT_KNOWLEDGE_API.agentSendMessage : '/api/chat/agent-send-message';
    const sent = await data('POST', url, token, payload);
    const reply = await settledReply(token, sent.conversation_id);
    return { conversationId: sent.conversation_id as string, reply };
  }

  return { ...api, call, data, knowingAgent, messagesOf, settledReply, ask };
}

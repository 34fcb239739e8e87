import type { AgentConfig } from '@tandem/contract/agent';
import { AGENT_KNOWLEDGE_API } from '@tandem/contract/agent-knowledge';
import type { ChatMessage } from '@tandem/contract/chat';
import { completeConfig, type FakeModels } from './agents.ts';
import { knowledgeApi } from './knowledge.ts';
import type { TestContext } from './test-app.ts';

/** Helpers of the tests of agents that know projects: agents with knowledge, messages and replies. */
export function agentKnowledgeApi(ctx: TestContext, fakes: { model: FakeModels }) {
  const api = knowledgeApi(ctx);
  const { call, data } = api;

  /** A published agent of the caller's team, open to its members, with `config` over a complete one. */
  async function knowingAgent(token: string, config: Partial<AgentConfig>) {
    const created = await api.agent(token, { ...completeConfig(fakes.model.chat, 'Librarian'), ...config });
    await data('POST', '/api/agent/publish-agent', token, { id: created.id });
    await data('POST', '/api/agent/set-agent-access', token, {
      id: created.id,
      access: 'team_public',
      embed_origins: [],
    });
    return created;
  }

  async function messagesOf(token: string, conversationId: string) {
    const page = await data(
      'GET',
      `/api/chat/get-conversation-messages?conversation_id=${conversationId}&page_size=100`,
      token,
    );
    return page.data as ChatMessage[];
  }

  /** Waits for the conversation's last reply to end; answers it. */
  async function settledReply(token: string, conversationId: string) {
    for (let tries = 0; tries < 500; tries++) {
      const last = (await messagesOf(token, conversationId)).at(-1);
      if (last && last.role === 'assistant' && last.status !== 'streaming') return last;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the reply never ended');
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

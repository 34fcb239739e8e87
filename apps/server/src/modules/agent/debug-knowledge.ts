import type { AgentConfig, ChatTurn } from '@tandem/contract/agent';
import type { Db } from '../../db/client.ts';
import type { Llm } from '../../platform/llm/llm.ts';
import type { KnowledgeSource } from '../knowledge/index.ts';
import { withKnowledge } from './knowledge-prompt.ts';

/**
 * The debug panel's configuration with the sources of its knowledge bases in the prompt, within the
 * model's context as a chat reply's are; `sources` receives them for the citations of its `done`.
 */
export async function debugKnowledge(
  db: Db,
  llm: Llm,
  input: {
    userId: number;
    teamId: number;
    config: AgentConfig;
    messages: ChatTurn[];
    sources: KnowledgeSource[];
  },
): Promise<AgentConfig> {
  const { config } = input;
  if (config.knowledge_ids.length === 0 || config.model_id === null) return config;
  const model = await llm.modelInfo(config.model_id);
  if (!model) return config;
  const replyRoom = Math.min(config.params.max_tokens, Math.floor(model.contextLength / 2));
  return withKnowledge(
    db,
    {
      knowledge: {
        userId: input.userId,
        teamId: input.teamId,
        projectIds: config.knowledge_ids,
        citeSources: config.cite_sources,
      },
      config,
      turns: input.messages.map((message) => ({ ...message, attachments: [] })),
      inputTokens: model.contextLength - replyRoom,
    },
    input.sources,
  );
}

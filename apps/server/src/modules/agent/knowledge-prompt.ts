import type { AgentConfig } from '@tandem/contract/agent';
import type { Db } from '../../db/client.ts';
import { estimateTokens } from '../../platform/llm/token-estimate.ts';
import { gatherKnowledge, type KnowledgeAsk, type KnowledgeSource } from '../knowledge/index.ts';
import { agentSystemPrompt } from './replies.ts';

/**
 * The share of the model's input room (after the prompt and the question) the sources may fill: the
 * rest keeps the conversation's earlier turns.
 */
const KNOWLEDGE_SHARE = 0.6;

/**
 * The agent's configuration with the sources for this reply in its prompt; `sources` receives them,
 * numbered as the prompt numbers them. Unchanged when the reply draws on nothing.
 */
export async function withKnowledge(
  db: Db,
  job: {
    /** The projects and document the reply may draw on; none without it. */
    knowledge?: KnowledgeAsk;
    config: AgentConfig;
    /** The conversation's turns, the question last. */
    turns: readonly { content: string }[];
    /** The tokens the model's context has for the prompt and turns, the reply's room set aside. */
    inputTokens: number;
  },
  sources: KnowledgeSource[],
): Promise<AgentConfig> {
  if (!job.knowledge) return job.config;
  const question = job.turns.at(-1)?.content ?? '';
  const room = job.inputTokens - estimateTokens(agentSystemPrompt(job.config)) - estimateTokens(question);
  const gathered = await gatherKnowledge(db, job.knowledge, question, Math.floor(room * KNOWLEDGE_SHARE));
  sources.push(...gathered.sources);
  if (gathered.instructions === '') return job.config;
  return { ...job.config, prompt: [job.config.prompt, gathered.instructions].filter(Boolean).join('\n\n') };
}

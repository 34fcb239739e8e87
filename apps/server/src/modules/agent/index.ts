// The agents module's face: agents, their members, templates, publishing and embedding; the agent
// policy and the agent data other modules read; what happens to agents when their owner leaves.

export {
  type AgentContext,
  type AgentRow,
  type AgentWithActorJson,
  agentContextOf,
  loadAgent,
  readConfig,
} from './agent-data.ts';
export { agentsOfLeavers } from './agent-transfer.ts';
export { embedRoutes } from './embed-routes.ts';
export { knowledgeBaseRoutes } from './knowledge-base-routes.ts';
export { withKnowledge } from './knowledge-prompt.ts';
export { agentRole, authorizeAgent, mayReach, type PolicyActor, type PolicyAgent } from './policy.ts';
export {
  agentMessages,
  agentParams,
  agentSystemPrompt,
  ERROR_OF_KIND,
  errorEvent,
  relayReply,
} from './replies.ts';
export { agentRoutes } from './routes.ts';

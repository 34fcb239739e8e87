// The agents module's face: its plugin (agents, members, debugging, publishing, knowledge bases,
// embedding); the agent data and policy chat reads; how an agent's reply is asked of the model
// (prompt, knowledge, relay), which chat and the AI writing share; and agents' part of members leaving.
export {
  type AgentContext,
  type AgentRow,
  type AgentWithActorJson,
  agentContextOf,
  loadAgent,
  readConfig,
} from './agent-data.ts';
export { agentsOfLeavers } from './agent-transfer.ts';
export { withKnowledge } from './knowledge-prompt.ts';
export { agentModule } from './plugin.ts';
export { agentRole, authorizeAgent, mayReach, type PolicyActor, type PolicyAgent } from './policy.ts';
export {
  agentMessages,
  agentParams,
  agentSystemPrompt,
  ERROR_OF_KIND,
  errorEvent,
  relayReply,
} from './replies.ts';

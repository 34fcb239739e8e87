// The agents module's face: agents, their members, templates, publishing and embedding; the agent
// policy and the agent data other modules read; what happens to agents when their owner leaves.
export { agentsOfLeavers } from './agent-transfer.ts';

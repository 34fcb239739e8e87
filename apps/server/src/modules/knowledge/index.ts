// The knowledge module's face: its plugin (search), the indexer and vectors app.ts starts, and the
// sources an agent's reply gathers from the projects it knows.
export {
  consultedSources,
  gatherKnowledge,
  type KnowledgeAsk,
  type KnowledgeSource,
} from './agent-context.ts';
export { createKnowledgeIndexer } from './indexer.ts';
export { createKnowledgeVectors } from './knowledge-vectors.ts';
export { knowledgeRoutes } from './routes.ts';

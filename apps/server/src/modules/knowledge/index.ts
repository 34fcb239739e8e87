// The knowledge module's face.
export {
  consultedSources,
  gatherKnowledge,
  type KnowledgeAsk,
  type KnowledgeSource,
} from './agent-context.ts';
export { createKnowledgeIndexer } from './indexer.ts';
export { createKnowledgeVectors } from './knowledge-vectors.ts';
export { knowledgeRoutes } from './routes.ts';

// The model module's face: its plugin (providers and models, the platform's writing model), the
// model lookups chat and agents use, and seeding models from the configuration at start.
export {
  answeringModelSql,
  findModelSummary,
  firstUsableModelId,
  platformDefaultModelId,
} from './model-lookup.ts';
export { isUsableModel } from './models.ts';
export { requirePlatformAdmin } from './policy.ts';
export { modelRoutes } from './routes.ts';
export { seedModelsFromConfig } from './seed-from-config.ts';
export { adminWritingModel, setWritingModel, writingModel } from './writing-model.ts';

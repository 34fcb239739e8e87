// The model module's face.
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

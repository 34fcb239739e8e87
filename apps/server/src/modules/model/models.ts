import type { AvailableModel, Model, SaveModelBody } from '@tandem/contract/model';
import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import { type Db, isUniqueViolation } from '../../db/client.ts';
import { modelProviders, models } from '../../db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';

type ModelRow = typeof models.$inferSelect;

const present = (row: ModelRow, providerName: string): Model => ({
  id: row.id,
  provider_id: row.providerId,
  provider_name: providerName,
  name: row.name,
  model_key: row.modelKey,
  type: row.type,
  parameter_size: row.parameterSize,
  training_date: row.trainingDate,
  context_length: row.contextLength,
  supports_images: row.supportsImages,
  points_per_request: row.pointsPerRequest,
  enabled: row.enabled,
  sort: row.sort,
  is_default: row.isDefault,
  created_at: row.createdAt.toISOString(),
});

/** The order the operator gave the models. */
export const operatorOrder = [asc(models.sort), asc(models.id)];

/** A model users may pick: an enabled completion model of an enabled provider (join the provider). */
export const isUsableModel = and(
  eq(models.enabled, true),
  eq(models.type, 'completion'),
  eq(modelProviders.enabled, true),
);

export async function listModels(db: Db, providerId?: number): Promise<Model[]> {
  const rows = await db
    .select({ model: models, providerName: modelProviders.name })
    .from(models)
    .innerJoin(modelProviders, eq(models.providerId, modelProviders.id))
    .where(providerId === undefined ? undefined : eq(models.providerId, providerId))
    .orderBy(asc(models.providerId), ...operatorOrder);
  return rows.map((row) => present(row.model, row.providerName));
}

/** The wizard's picker: enabled completion models of enabled providers, in the operator's order. */
export async function availableModels(db: Db): Promise<AvailableModel[]> {
  return db
    .select({
      id: models.id,
      name: models.name,
      provider_name: modelProviders.name,
      parameter_size: models.parameterSize,
      training_date: models.trainingDate,
      context_length: models.contextLength,
      supports_images: models.supportsImages,
      points_per_request: models.pointsPerRequest,
      is_default: sql<boolean>`${models.id} = platform_default_model_id()`,
    })
    .from(models)
    .innerJoin(modelProviders, eq(models.providerId, modelProviders.id))
    .where(isUsableModel)
    .orderBy(...operatorOrder);
}

export async function saveModel(db: Db, body: SaveModelBody): Promise<number> {
  const [provider] = await db
    .select({ id: modelProviders.id })
    .from(modelProviders)
    .where(eq(modelProviders.id, body.provider_id));
  if (!provider) throw new AppError('MODEL_PROVIDER_NOT_FOUND');
  const sameKey: SQL[] = [eq(models.providerId, body.provider_id), eq(models.modelKey, body.model_key)];
  if (body.id !== undefined) sameKey.push(ne(models.id, body.id));
  const [clash] = await db
    .select({ id: models.id })
    .from(models)
    .where(and(...sameKey))
    .limit(1);
  if (clash) throw new AppError('MODEL_KEY_DUPLICATE');

  const values = {
    providerId: body.provider_id,
    name: body.name,
    modelKey: body.model_key,
    type: body.type,
    parameterSize: body.parameter_size,
    trainingDate: body.training_date,
    contextLength: body.context_length,
    supportsImages: body.supports_images,
    pointsPerRequest: body.points_per_request,
    enabled: body.enabled,
    sort: body.sort,
  };
  try {
    return await db.transaction(async (tx) => {
      // One default at a time: the one before lets go first (a unique index holds it).
      if (body.is_default)
        await tx.update(models).set({ isDefault: false }).where(eq(models.isDefault, true));
      const flag = body.is_default ? { isDefault: true } : {};
      if (body.id === undefined) {
        const [created] = await tx
          .insert(models)
          .values({ ...values, ...flag })
          .returning({ id: models.id });
        return created!.id;
      }
      const updated = await tx
        .update(models)
        .set({ ...values, ...flag })
        .where(eq(models.id, body.id))
        .returning({ id: models.id });
      if (updated.length === 0) throw new AppError('MODEL_NOT_FOUND');
      return body.id;
    });
  } catch (error) {
    // Two admins saving the same key at once: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError('MODEL_KEY_DUPLICATE');
    throw error;
  }
}

/** Agents that used it keep no model and say so in chat. */
export async function deleteModel(db: Db, id: number): Promise<void> {
  const deleted = await db.delete(models).where(eq(models.id, id)).returning({ id: models.id });
  if (deleted.length === 0) throw new AppError('MODEL_NOT_FOUND');
}

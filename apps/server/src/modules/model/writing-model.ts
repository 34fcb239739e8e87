import type { AdminWritingModelData, WritingModelData } from '@tandem/contract/ai-writing';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { systemMeta } from '../../db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { findModelSummary, firstUsableModelId } from './model-lookup.ts';

/**
 * The model the editor's AI actions spend: the one platform admins chose on /platform/models while it
 * is usable, else the operator's first completion model (the default). Kept in `system_meta`.
 */

const WRITING_MODEL_KEY = 'writing_model';
type StoredChoice = { model_id: number | null };

async function chosenWritingModelId(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ value: systemMeta.value })
    .from(systemMeta)
    .where(eq(systemMeta.key, WRITING_MODEL_KEY))
    .limit(1);
  return (row?.value as StoredChoice | undefined)?.model_id ?? null;
}

/** The writing model in effect, with its points per request; null when no completion model is usable. */
export async function writingModel(db: Db): Promise<WritingModelData> {
  const chosenId = await chosenWritingModelId(db);
  const chosen = chosenId === null ? undefined : await findModelSummary(db, chosenId);
  const model = chosen?.isUsable
    ? chosen
    : await firstUsableModelId(db).then((id) => (id === undefined ? undefined : findModelSummary(db, id)));
  return model ? { id: model.id, name: model.name, points_per_request: model.pointsPerRequest } : null;
}

export async function adminWritingModel(db: Db): Promise<AdminWritingModelData> {
  return { chosen_id: await chosenWritingModelId(db), effective: await writingModel(db) };
}

/** Chooses the writing model (a usable completion model), or null for the default. */
export async function setWritingModel(db: Db, modelId: number | null): Promise<void> {
  if (modelId !== null) {
    const model = await findModelSummary(db, modelId);
    if (!model) throw new AppError('MODEL_NOT_FOUND');
    if (!model.isUsable) throw new AppError('WRITING_MODEL_UNAVAILABLE');
  }
  const value: StoredChoice = { model_id: modelId };
  await db
    .insert(systemMeta)
    .values({ key: WRITING_MODEL_KEY, value })
    .onConflictDoUpdate({ target: systemMeta.key, set: { value, updatedAt: new Date() } });
}

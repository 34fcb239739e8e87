import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { modelProviders, models } from '../../db/schema.ts';
import { isUsableModel, operatorOrder } from './models.ts';

/**
 * What other modules may read of the models, without their tables: the agent editor describes a
 * chosen model (usable or not), and calls that name no model take the operator's first one.
 */

export type ModelSummary = {
  id: number;
  name: string;
  pointsPerRequest: number;
  supportsImages: boolean;
  /** It and its provider are enabled, and it completes text. */
  isUsable: boolean;
};

/** The model, usable or not; undefined when it no longer exists. */
export async function findModelSummary(db: Db, modelId: number): Promise<ModelSummary | undefined> {
  const [row] = await db
    .select({
      id: models.id,
      name: models.name,
      pointsPerRequest: models.pointsPerRequest,
      supportsImages: models.supportsImages,
      type: models.type,
      enabled: models.enabled,
      providerEnabled: modelProviders.enabled,
    })
    .from(models)
    .innerJoin(modelProviders, eq(modelProviders.id, models.providerId))
    .where(eq(models.id, modelId))
    .limit(1);
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    pointsPerRequest: row.pointsPerRequest,
    supportsImages: row.supportsImages,
    isUsable: row.enabled && row.providerEnabled && row.type === 'completion',
  };
}

/** The first usable completion model in the operator's order. */
export async function firstUsableModelId(db: Db): Promise<number | undefined> {
  const [row] = await db
    .select({ id: models.id })
    .from(models)
    .innerJoin(modelProviders, eq(modelProviders.id, models.providerId))
    .where(isUsableModel)
    .orderBy(...operatorOrder)
    .limit(1);
  return row?.id;
}

/**
 * The platform's default model: the one the operator made the default while usable, else the first
 * usable one (the database function shared with the listing queries); undefined while none is.
 */
export async function platformDefaultModelId(db: Db): Promise<number | undefined> {
  const result = (await db.execute(sql`select platform_default_model_id() as id`)) as unknown as {
    rows: { id: number | null }[];
  };
  return result.rows[0]?.id ?? undefined;
}

/** A model column joined to what an agent answers with: its own, else (a default assistant) the platform's. */
export const answeringModelSql = (modelId: SQL | AnyColumn, isDefault: SQL | AnyColumn) =>
  sql`coalesce(${modelId}, case when ${isDefault} then platform_default_model_id() end)`;

import type { AgentModelInfo } from '@tandem/contract/agent';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { modelProviders, models } from '../../db/schema.ts';
import { isUsableModel, operatorOrder } from '../model/models.ts';

/**
 * What the agent editor needs to know of models, read-only. The gateway's `modelInfo` only knows
 * usable models; the editor must also describe a chosen model that was disabled since.
 */

/** The chosen model, usable or not; null when it no longer exists. */
export async function describeModel(db: Db, modelId: number | null): Promise<AgentModelInfo | null> {
  if (modelId === null) return null;
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
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    points_per_request: row.pointsPerRequest,
    supports_images: row.supportsImages,
    available: row.enabled && row.providerEnabled && row.type === 'completion',
  };
}

/** The first usable completion model in the operator's order, for calls that name none. */
export async function firstUsableModel(db: Db): Promise<number | undefined> {
  const [row] = await db
    .select({ id: models.id })
    .from(models)
    .innerJoin(modelProviders, eq(modelProviders.id, models.providerId))
    .where(isUsableModel)
    .orderBy(...operatorOrder)
    .limit(1);
  return row?.id;
}

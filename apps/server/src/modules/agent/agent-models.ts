import type { AgentModelInfo } from '@tandem/contract/agent';
import type { Db } from '../../db/client.ts';
import { findModelSummary } from '../model/index.ts';

/**
 * The chosen model as the agent editor shows it, usable or not; null when none is chosen or it no
 * longer exists. The gateway's `modelInfo` only knows usable models; the editor must also describe a
 * chosen model that was disabled since.
 */
export async function describeModel(db: Db, modelId: number | null): Promise<AgentModelInfo | null> {
  if (modelId === null) return null;
  const model = await findModelSummary(db, modelId);
  if (!model) return null;
  return {
    id: model.id,
    name: model.name,
    points_per_request: model.pointsPerRequest,
    supports_images: model.supportsImages,
    available: model.isUsable,
  };
}

import { MODEL_API } from '@tandem/contract/api';
import type { AvailableModel } from '@tandem/contract/model';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../api/http.ts';

export type { AvailableModel };

/**
 * Enabled completion models with what each costs per request: the wizard's picker offers them, and the
 * chat and agent screens say when there are none.
 */
export const availableModelsQuery = queryOptions({
  queryKey: ['agents', 'models'],
  queryFn: () => http.get<AvailableModel[]>(MODEL_API.available, { silent: true, background: true }),
  staleTime: 60_000,
});

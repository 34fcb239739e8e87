import { MODEL_API } from '@tandem/contract/api';
import type { AvailableModel } from '@tandem/contract/model';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/api/http.ts';

export type { AvailableModel };

/** Enabled completion models the wizard offers, with what each costs per request. */
export const availableModelsQuery = queryOptions({
  queryKey: ['agents', 'models'],
  queryFn: () => http.get<AvailableModel[]>(MODEL_API.available),
});

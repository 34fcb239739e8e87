import { MODEL_API } from '@tandem/contract/api';
import type {
  ModelProvider,
  SaveProviderBody,
  TestProviderBody,
  TestProviderData,
} from '@tandem/contract/model';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/api/http.ts';

export type { ModelProvider, SaveProviderBody, TestProviderData };

/** Every query of this screen: a provider's write changes its model count and the models' provider names. */
export const MODELS_ADMIN_KEY = ['models-admin'] as const;

export const providersQuery = queryOptions({
  queryKey: [...MODELS_ADMIN_KEY, 'providers'],
  queryFn: () => http.get<ModelProvider[]>(MODEL_API.providerList),
});

export const saveProvider = (body: SaveProviderBody) =>
  http.post<{ id: number }>(MODEL_API.saveProvider, body);

export const deleteProvider = (id: number) => http.delete<null>(MODEL_API.deleteProvider, { data: { id } });

/** Never fails for a provider's refusal: `ok: false` carries its words. */
export const testProvider = (body: TestProviderBody) =>
  http.post<TestProviderData>(MODEL_API.testProvider, body);

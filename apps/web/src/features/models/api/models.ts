import { MODEL_API } from '@tandem/contract/api';
import type { Model, SaveModelBody } from '@tandem/contract/model';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/api/http.ts';
import { MODELS_ADMIN_KEY } from './providers.ts';

export type { Model, SaveModelBody };

export const modelsQuery = queryOptions({
  queryKey: [...MODELS_ADMIN_KEY, 'models'],
  queryFn: () => http.get<Model[]>(MODEL_API.modelList),
});

export const saveModel = (body: SaveModelBody) => http.post<{ id: number }>(MODEL_API.saveModel, body);

export const deleteModel = (id: number) => http.delete<null>(MODEL_API.deleteModel, { data: { id } });

import {
  type AdminWritingModelData,
  AI_WRITING_API,
  type SetWritingModelBody,
} from '@tandem/contract/ai-writing';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/api/http.ts';
import { MODELS_ADMIN_KEY } from './providers.ts';

/** The model the editor's AI actions use: the admins' choice and the one in effect. */
export const writingModelAdminQuery = queryOptions({
  queryKey: [...MODELS_ADMIN_KEY, 'writing-model'],
  queryFn: () => http.get<AdminWritingModelData>(AI_WRITING_API.adminWritingModel),
});

export const setWritingModel = (body: SetWritingModelBody) =>
  http.post<null>(AI_WRITING_API.setWritingModel, body);

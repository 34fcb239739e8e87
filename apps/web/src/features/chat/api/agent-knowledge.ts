import {
  AGENT_KNOWLEDGE_API,
  type KnowledgeSendMessageBody,
  type SaveToProjectBody,
  type SaveToProjectData,
} from '@tandem/contract/agent-knowledge';
import { PROJECT_API } from '@tandem/contract/api';
import type { SendMessageData } from '@tandem/contract/chat';
import type { Page } from '@tandem/contract/envelope';
import type { ProjectItem } from '@tandem/contract/project';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/api/http.ts';
import { CHAT_KEY } from './chat.ts';

export type { ProjectItem, SaveToProjectData };

/** A question asked in the chat beside a document: the chat's send, with the document as context. */
export const sendBesideDocument = (body: KnowledgeSendMessageBody) =>
  http.post<SendMessageData>(AGENT_KNOWLEDGE_API.agentSendMessage, body);

export const saveToProject = (body: SaveToProjectBody) =>
  http.post<SaveToProjectData>(AGENT_KNOWLEDGE_API.saveToProject, body);

export const PROJECT_CHOICES_SIZE = 50;

/** The current team's projects to save into, matching `keyword`; the caller's role says which they may edit. */
export const projectChoicesQuery = (keyword: string) =>
  queryOptions({
    queryKey: [...CHAT_KEY, 'project-choices', keyword],
    queryFn: () =>
      http.get<Page<ProjectItem>>(PROJECT_API.list, {
        params: { page: 1, page_size: PROJECT_CHOICES_SIZE, keyword: keyword.trim() || undefined },
      }),
    placeholderData: keepPreviousData,
  });

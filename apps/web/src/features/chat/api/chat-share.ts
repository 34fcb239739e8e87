import {
  CHAT_SHARE_API,
  type ContinueSharedData,
  type ConversationShare,
  SHARES_PER_CONVERSATION_MAX,
  type SharedConversation,
} from '@tandem/contract/chat-share';
import type { Page } from '@tandem/contract/envelope';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/api/http.ts';
import { saveFile } from '../../../shared/ui/save-file.ts';
import { CHAT_KEY } from './chat.ts';

export type { ContinueSharedData, ConversationShare, SharedConversation };

export const sharesKey = (conversationId: string) => [...CHAT_KEY, 'shares', conversationId] as const;

/** The conversation's active links, newest first (a conversation has at most as many as one page holds). */
export const sharesQuery = (conversationId: string) =>
  queryOptions({
    queryKey: sharesKey(conversationId),
    queryFn: () =>
      http.get<Page<ConversationShare>>(CHAT_SHARE_API.shareList, {
        params: { conversation_id: conversationId, page: 1, page_size: SHARES_PER_CONVERSATION_MAX },
        silent: true,
      }),
  });

/** Silent: the dialog shows why a link could not be made. */
export const createShare = (conversationId: string) =>
  http.post<ConversationShare>(CHAT_SHARE_API.share, { conversation_id: conversationId }, { silent: true });

export const revokeShare = (shareCode: string) =>
  http.post<null>(CHAT_SHARE_API.revoke, { share_code: shareCode });

/** What a share link opens; silent, as the page shows a dead link itself. */
export const sharedConversationQuery = (shareCode: string) =>
  queryOptions({
    queryKey: ['chat-share', shareCode],
    queryFn: () =>
      http.get<SharedConversation>(CHAT_SHARE_API.shared, {
        params: { share_code: shareCode },
        silent: true,
      }),
    retry: false,
  });

/** Silent: the shared page explains a refusal beside the button. */
export const continueShared = (shareCode: string) =>
  http.post<ContinueSharedData>(CHAT_SHARE_API.continueShared, { share_code: shareCode }, { silent: true });

const FILE_NAME = /filename\*=UTF-8''([^;]+)/i;

/** Downloads the conversation as a PDF, its dates in the reader's time zone. */
export async function downloadConversationPdf(conversationId: string) {
  const { blob, headers } = await http.download(CHAT_SHARE_API.exportPdf, {
    params: {
      conversation_id: conversationId,
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    },
    silent: true,
  });
  const encoded = FILE_NAME.exec(headers.get('content-disposition') ?? '')?.[1];
  saveFile(blob, encoded ? decodeURIComponent(encoded) : 'chat.pdf');
}

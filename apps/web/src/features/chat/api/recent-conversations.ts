import { CHAT_API, type RecentConversation } from '@tandem/contract/chat';
import type { Page } from '@tandem/contract/envelope';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/api/http.ts';
import { CHAT_KEY } from './chat.ts';

export type { RecentConversation };

export const RECENT_PAGE_SIZE = 10;

/** The user's latest conversations with every agent, for the `/chat` landing page. */
export const recentConversationsQuery = () =>
  infiniteQueryOptions({
    queryKey: [...CHAT_KEY, 'recent-conversations'],
    queryFn: ({ pageParam }) =>
      http.get<Page<RecentConversation>>(CHAT_API.recentConversations, {
        params: { page: pageParam, page_size: RECENT_PAGE_SIZE },
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.length * RECENT_PAGE_SIZE < last.total ? pages.length + 1 : undefined,
  });

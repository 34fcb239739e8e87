import type { Page } from '@tandem/contract/envelope';
import { API, type DevOutboxItem } from '@tandem/contract/system';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/api/http.ts';

export type { DevOutboxItem };

/** Re-read while open: a code asked for in another tab shows up within seconds. */
const REFRESH_MS = 3000;

/** The newest mail and SMS the development outbox holds instead of sending them. */
export const devOutboxQuery = queryOptions({
  queryKey: ['system', 'dev-outbox'],
  queryFn: () =>
    http.get<Page<DevOutboxItem>>(`${API.devOutbox.path}?page=1&page_size=50`, {
      silent: true,
      background: true,
    }),
  refetchInterval: REFRESH_MS,
});

import { QueryClient } from '@tanstack/react-query';
import { onSessionReset } from '../shared/session/session-store.ts';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // The HTTP client already reacts to failures (messages, sign-out); retrying would repeat them.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/** The app's client: whatever one account fetched must not show through to the next one signing in on this tab. */
export function createAppQueryClient() {
  const client = createQueryClient();
  onSessionReset(() => client.clear());
  return client;
}

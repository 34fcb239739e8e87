import type { QueryClient } from '@tanstack/react-query';
import { create } from 'zustand';

/**
 * The app's query client, once loaded. TanStack Query's core (~10 KB gzip) comes with the first page
 * that fetches through it (lazy-page.ts, router.tsx), not with the sign-in pages, which fetch nothing
 * but the client configuration.
 */
export const useQueryClientStore = create<{ client: QueryClient | undefined }>()(() => ({
  client: undefined,
}));

let loading: Promise<QueryClient> | undefined;

export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import('./create-query-client.ts').then(
    ({ createAppQueryClient }) => {
      const client = createAppQueryClient();
      useQueryClientStore.setState({ client });
      return client;
    },
    (error: unknown) => {
      // A failed download is tried again by the next page that needs the client.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

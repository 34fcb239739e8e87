import { CHUNK_LOAD_TIMEOUT_MS } from '@tandem/contract/limits';
import type { ComponentType } from 'react';
import { matchRoutes, type Params, type RouteObject } from 'react-router';
import { loadFullCatalogue } from '../../shared/i18n/i18n.ts';
import { loadQueryClient } from '../query-client.ts';

export class ChunkTimeoutError extends Error {
  override readonly name = 'ChunkTimeoutError';
}

/** A page chunk that has not arrived after 120 s fails into the error page. */
export function withChunkTimeout<T>(load: Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkTimeoutError('page chunk load timed out')), timeoutMs);
  });
  return Promise.race([load, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A route `lazy` that downloads the page's own chunk on first visit, with the rest of the language's
 * catalogue unless the page is one of the first pages (`catalogue: 'start'`, see catalogue-parts.ts),
 * and the query client unless the page fetches nothing through it (`usesQueries: false`).
 */
export const lazyPage = <M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  {
    catalogue = 'full',
    usesQueries = true,
    prefetch,
  }: {
    catalogue?: 'start' | 'full';
    usesQueries?: boolean;
    /** Starts the page's first calls on a cold load, while its chunk downloads (see preloadRouteChunks). */
    prefetch?: (params: Params) => void;
  } = {},
) =>
  Object.assign(
    async () => {
      const [module] = await Promise.all([
        withChunkTimeout(load()),
        catalogue === 'full' ? loadFullCatalogue() : undefined,
        usesQueries ? loadQueryClient() : undefined,
      ]);
      return { Component: pick(module) };
    },
    /** Starts the chunk's download ahead of the route (the browser keeps one copy per module). */
    { preload: load, prefetch },
  );

/** Starts downloading the chunks of every route `pathname` matches in `routes`, and their first calls. */
export function preloadRouteChunks(routes: RouteObject[], pathname: string) {
  for (const { route, params } of matchRoutes(routes, pathname) ?? []) {
    const lazy = route.lazy as
      | { preload?: () => Promise<unknown>; prefetch?: (params: Params) => void }
      | undefined;
    lazy?.preload?.().catch(() => {
      // The route's own load reports the failure when the router gets there.
    });
    lazy?.prefetch?.(params);
  }
}

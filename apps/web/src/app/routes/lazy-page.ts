import { CHUNK_LOAD_TIMEOUT_MS } from '@tandem/contract/limits';
import type { ComponentType } from 'react';

export class ChunkTimeoutError extends Error {
  override readonly name = 'ChunkTimeoutError';
}

/** A page chunk that has not arrived after 120 s (spec part A section 7) fails into the error page. */
export function withChunkTimeout<T>(load: Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkTimeoutError('page chunk load timed out')), timeoutMs);
  });
  return Promise.race([load, timeout]).finally(() => clearTimeout(timer));
}

/** A route `lazy` that downloads the page's own chunk on first visit. */
export const lazyPage =
  <M>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => ({ Component: pick(await withChunkTimeout(load())) });

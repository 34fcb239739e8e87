import { useEffect, useMemo } from 'react';

const DELAY_MS = 250;

/**
 * Hands on only the latest of values that come fast (the outline after every keystroke), a moment
 * after they stop: a long document's outline is not rebuilt on each letter typed.
 */
export function useLatestOnly<T>(apply: (value: T) => void) {
  const later = useMemo(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const call = (value: T) => {
      clearTimeout(timer);
      timer = setTimeout(() => apply(value), DELAY_MS);
    };
    return Object.assign(call, { cancel: () => clearTimeout(timer) });
  }, [apply]);
  useEffect(() => later.cancel, [later]);
  return later;
}

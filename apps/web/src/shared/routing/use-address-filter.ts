import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '../ui/use-debounced-value.ts';

/**
 * A list's filters kept in the address, so going back to the list finds it as it was. Any change but
 * paging starts again from the first page.
 */
export function useAddressFilter<F extends { page: number }>(
  read: (params: URLSearchParams) => F,
  write: (filter: F) => URLSearchParams,
) {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (next: Partial<F>) =>
      setParams((previous) => write({ ...read(previous), page: 1, ...next }), { replace: true }),
    [setParams, read, write],
  );
  return { filter: read(params), update };
}

/**
 * A search box over such a list: what is typed goes into the filter once typing pauses for `delayMs`.
 * Answers the box's text and its setter.
 */
export function useSearchBox(keyword: string, update: (next: { keyword: string }) => void, delayMs: number) {
  const [search, setSearch] = useState(keyword);
  const settled = useDebouncedValue(search.trim(), delayMs);
  const shownKeyword = useRef(keyword);
  shownKeyword.current = keyword;
  useEffect(() => {
    if (settled !== shownKeyword.current) update({ keyword: settled });
  }, [settled, update]);
  return [search, setSearch] as const;
}

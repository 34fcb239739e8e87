export const PAGE_SIZES = [10, 20, 50, 100];

export type ListPage = { current: number; size: number };
export const FIRST_PAGE: ListPage = { current: 1, size: PAGE_SIZES[0]! };

/**
 * The page to show once the list has shrunk (rows removed, restored, approved): the last page that still
 * has rows, never before the first.
 */
export function pageWithinTotal(current: number, size: number, total: number) {
  return Math.min(current, Math.max(1, Math.ceil(total / size)));
}

import { PAGE_WIDTHS, type PageWidth } from '@tandem/contract/project-rules';
import { useState } from 'react';

const keyOf = (userId: number) => `tandem.doc_page_width.${userId}`;

function readWidth(userId: number): PageWidth {
  try {
    const value = localStorage.getItem(keyOf(userId));
    return PAGE_WIDTHS.includes(value as PageWidth) ? (value as PageWidth) : 'default';
  } catch {
    return 'default';
  }
}

/** Default, wide or full width, remembered for the user on this browser. */
export function usePageWidth(userId: number) {
  const [width, setWidth] = useState<PageWidth>(() => readWidth(userId));
  const choose = (next: PageWidth) => {
    setWidth(next);
    try {
      localStorage.setItem(keyOf(userId), next);
    } catch {
      // Not remembered; the page still takes the width.
    }
  };
  return [width, choose] as const;
}

import type { ReactNode } from 'react';

/**
 * The `<terms>` and `<privacy>` slots of an agreement sentence as links to their pages. They open in a
 * new tab, so a half-filled form is not lost.
 */
export const LEGAL_LINK_TAGS: Record<'terms' | 'privacy', (chunk: string) => ReactNode> = {
  terms: (chunk) => (
    <a href="/terms" target="_blank" rel="noopener">
      {chunk}
    </a>
  ),
  privacy: (chunk) => (
    <a href="/privacy" target="_blank" rel="noopener">
      {chunk}
    </a>
  ),
};

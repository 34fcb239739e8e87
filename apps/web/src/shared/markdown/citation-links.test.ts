import type { Citation } from '@tandem/contract/citation';
import { describe, expect, it } from 'vitest';
import { withCitationLinks } from './citation-links.ts';

const cited = (n: number, extra: Partial<Citation> = {}): Citation => ({
  n,
  doc_id: n,
  doc_uniq_code: `doc${n}`,
  doc_name: `Doc ${n}`,
  snippet: '',
  heading: '',
  page: null,
  available: true,
  cited: true,
  ...extra,
});

describe('citation links in a reply', () => {
  it('links each available source it cites, a PDF at its page, and leaves the rest', () => {
    const text = 'Noon [1]. Gold [2]. Pier [3]. Code `a[1]` and [1](x). Plan [4].';
    const sources = [
      cited(1),
      cited(2, { page: 4 }),
      cited(3, { available: false }),
      cited(4, { heading: 'Plan > Steps (draft)' }),
    ];
    expect(withCitationLinks(text, sources)).toBe(
      'Noon [\\[1\\]](/projects/doc1). Gold [\\[2\\]](/projects/doc2?page=4). Pier [3]. Code `a[1]` and [1](x).' +
        ' Plan [\\[4\\]](/projects/doc4?at=Steps%20%28draft%29).',
    );
  });

  it('changes nothing without citations', () => {
    expect(withCitationLinks('See [1].', undefined)).toBe('See [1].');
  });
});

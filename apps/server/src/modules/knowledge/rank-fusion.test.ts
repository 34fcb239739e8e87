// No test database: it runs once, on PGlite, not again on PostgreSQL (vitest.config.ts).
import { describe, expect, it } from 'vitest';
import { fuseByRank, RRF_K } from './hybrid-search.ts';
import type { RankedChunk } from './search.ts';

const chunk = (documentId: number, ordinal = 0): RankedChunk => ({
  documentId,
  documentUniqCode: `d${documentId}`,
  documentName: `Doc ${documentId}`,
  documentKind: 'doc',
  projectId: 1,
  ordinal,
  heading: '',
  text: `text ${documentId}/${ordinal}`,
  page: null,
  score: 9,
});
const ids = (chunks: RankedChunk[]) => chunks.map((c) => `${c.documentId}/${c.ordinal}`);

describe('reciprocal rank fusion of full-text and vector results', () => {
  it('ranks what both lists found above what one found, and scores 1/(k + rank) summed', () => {
    const fullText = [chunk(1), chunk(2), chunk(3)];
    const vectors = [chunk(4), chunk(3), chunk(5)];
    const fused = fuseByRank([fullText, vectors], 1, 10);
    expect(ids(fused)).toEqual(['3/0', '1/0', '4/0', '2/0', '5/0']);
    expect(fused[0]!.score).toBeCloseTo(1 / (RRF_K + 3) + 1 / (RRF_K + 2), 6);
    expect(fused[1]!.score).toBeCloseTo(1 / (RRF_K + 1), 6);
  });

  it('with one result a document, fuses a document whichever chunk each list found, showing the first', () => {
    const fused = fuseByRank(
      [
        [chunk(1, 4), chunk(2)],
        [chunk(2, 7), chunk(1, 9)],
      ],
      1,
      10,
    );
    expect(ids(fused)).toEqual(['1/4', '2/0']);
  });

  it('keeps at most `perDocument` chunks of a document, and the limit', () => {
    const fullText = [chunk(1, 0), chunk(1, 1), chunk(1, 2), chunk(2, 0)];
    const vectors = [chunk(1, 3), chunk(3, 0)];
    // 1/1 and 1/2 are past the cap; 3/0 (second of its list) comes before 2/0 (third of its own).
    expect(ids(fuseByRank([fullText, vectors], 2, 10))).toEqual(['1/0', '1/3', '3/0', '2/0']);
    expect(fuseByRank([fullText, vectors], 2, 2)).toHaveLength(2);
  });
});

// No test database: it runs once, on PGlite, not again on PostgreSQL (vitest.config.ts).
import { describe, expect, it } from 'vitest';
import { queryTermsOf } from './search-tokens.ts';
import { candidateTerms } from './term-statistics.ts';

const statistics = {
  rows: 100_000,
  shareOf: new Map([
    ['计划', 0.6],
    ['团队', 0.1],
    ['team', 0.15],
    ['budget', 0.01],
  ]),
  floor: 0.002,
};
const picked = (query: string) => candidateTerms(queryTermsOf(query), statistics).map((t) => t.term);

describe('the terms that pick what a search ranks', () => {
  it('leaves out terms most chunks hold when rarer ones keep the ranked chunks few', () => {
    expect(picked('星河计划的团队')).toEqual(['星河', '河计', '划的', '的团']);
    expect(picked('Mirlolu team budget')).toEqual(['mirlolu', 'budget']);
  });

  it('keeps every term while the chunks they bring stay few, and always one', () => {
    expect(picked('budget').length).toBe(1);
    expect(picked('计划')).toEqual(['计划']);
    expect(candidateTerms(queryTermsOf('Mirlolu team budget'), undefined)).toHaveLength(3);
    expect(candidateTerms(queryTermsOf('team budget'), { ...statistics, rows: 1000 })).toHaveLength(2);
  });
});

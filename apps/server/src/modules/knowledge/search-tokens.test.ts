// No test database: it runs once, on PGlite, not again on PostgreSQL (vitest.config.ts).
import { describe, expect, it } from 'vitest';
import { anyOf, indexTerms, queryTermsOf, tokensOf } from './search-tokens.ts';

describe('search terms', () => {
  it('lower-cases words of spaced scripts and cuts CJK runs into bigrams plus their last letter', () => {
    expect(indexTerms('Hello, World! 東京タワー')).toBe('hello world 東京 京タ タワ ワー ー');
    expect(indexTerms('年假申请')).toBe('年假 假申 申请 请');
    expect(indexTerms('한국어 검색')).toBe('한국 국어 어 검색 색');
    expect(indexTerms('猫')).toBe('猫');
  });

  it('splits mixed runs, reads full-width letters as plain ones and skips punctuation', () => {
    expect(indexTerms('iPhone15の価格は￥８９９！')).toBe('iphone15 の価 価格 格は は 899');
    expect(indexTerms('ＡＢＣ　(test)…「引用」')).toBe('abc test 引用 用');
  });

  it('gives each term its place in the text it was read from', () => {
    const text = 'Read 東京 now';
    const tokens = [...tokensOf(text)];
    expect(tokens.map((token) => text.slice(token.start, token.end))).toEqual(['Read', '東京', '京', 'now']);
  });

  it('asks a query for its bigrams and words, without common English words, a lone letter as a prefix', () => {
    expect(queryTermsOf('What is the budget?')).toEqual([{ term: 'budget', isPrefix: false }]);
    expect(queryTermsOf('the')).toEqual([{ term: 'the', isPrefix: false }]);
    expect(queryTermsOf('年假申请')).toEqual(
      ['年假', '假申', '申请'].map((term) => ({ term, isPrefix: false })),
    );
    expect(queryTermsOf('猫')).toEqual([{ term: '猫', isPrefix: true }]);
    expect(queryTermsOf('Budget budget BUDGET')).toHaveLength(1);
    expect(queryTermsOf('?!… ')).toEqual([]);
  });

  it('writes any-of queries that to_tsquery reads without syntax of the user’s', () => {
    expect(anyOf(queryTermsOf("o'brien & 猫 | !x"))).toBe("'o' | 'brien' | '猫':* | 'x'");
  });
});

// No test database: it runs once, on PGlite, not again on PostgreSQL (vitest.config.ts).
import { describe, expect, it } from 'vitest';
import { estimateTokens } from './token-estimate.ts';

describe('estimateTokens', () => {
  it('counts one token per CJK character and one per four other characters', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abcdefgh')).toBe(2);
    expect(estimateTokens('你好世界')).toBe(4);
    expect(estimateTokens('こんにちは abcd')).toBe(5 + 2);
  });
});

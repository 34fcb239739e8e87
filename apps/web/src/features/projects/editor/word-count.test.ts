import { describe, expect, it } from 'vitest';
import { countWords } from './word-count.ts';

describe('word count', () => {
  it('counts the words of a Latin sentence', () => {
    expect(countWords("The team's plan is well-known, isn't it?")).toBe(7);
  });

  it('counts every Chinese and Japanese character as one word', () => {
    expect(countWords('项目文档')).toBe(4);
    expect(countWords('ひらがなとカタカナ')).toBe(9);
  });

  it('adds the words of other scripts to the CJK characters in mixed text', () => {
    expect(countWords('使用 Tiptap 编辑器 3 次')).toBe(8);
    expect(countWords('Tiptap编辑器')).toBe(4);
  });

  it('counts nothing in empty text, spaces or punctuation', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('  — 。，!? ')).toBe(0);
  });
});

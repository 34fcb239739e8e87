// No test database: it runs once, on PGlite, not again on PostgreSQL (vitest.config.ts).
import { describe, expect, it } from 'vitest';
import { titleOf } from './conversation-title.ts';

describe('a conversation titled from its first message', () => {
  it('keeps the words of a Markdown message, not its marks', () => {
    const message = ['## Plan', '', '| City | Days |', '| --- | --- |', '| Kyoto | 2 |'].join('\n');
    expect(titleOf(message)).toBe('Plan City Days Kyoto 2');
    expect(titleOf('```ts\nconst answer = 42;\n```')).toBe('const answer = 42;');
    expect(titleOf('> **Summarise** the [report](https://example.com/r) in `three` points')).toBe(
      'Summarise the report in three',
    );
    expect(titleOf('- first item\n- second item')).toBe('first item second item');
  });

  it('is cut between words where the text has spaces, and at the limit where it has none', () => {
    expect(titleOf('Draft release notes for version 2.4 of the app')).toBe('Draft release notes for');
    expect(titleOf('請幫我把這份報告整理成三個重點並且翻譯成英文再寄給團隊所有人看看')).toBe(
      '請幫我把這份報告整理成三個重點並且翻譯成英文再寄給團隊所有人',
    );
  });

  it('keeps plain text and arithmetic as they are', () => {
    expect(titleOf('hello   there\nworld')).toBe('hello there world');
    expect(titleOf('2 * 3 * 4 = ?')).toBe('2 * 3 * 4 = ?');
  });
});

// No test database: it runs once, on PGlite, not again on PostgreSQL (vitest.config.ts).
import { describe, expect, it } from 'vitest';
import { queryTermsOf } from './search-tokens.ts';
import { snippetOf } from './snippet.ts';

const snippet = (text: string, query: string, size?: number) => snippetOf(text, queryTermsOf(query), size);

describe('search result snippets', () => {
  it('marks every matched word and CJK pair, merging neighbours, and escapes the rest', () => {
    expect(snippet('Tom & <Jerry> say "hi"', 'jerry')).toBe(
      'Tom &amp; &lt;<mark>Jerry</mark>&gt; say &quot;hi&quot;',
    );
    expect(snippet('员工申请年假需要提前三天。', '申请年假')).toBe('员工<mark>申请年假</mark>需要提前三天。');
    expect(snippet('小猫和猫咪', '猫')).toBe('小<mark>猫</mark>和<mark>猫</mark>咪');
    expect(snippet('No match here', 'absent')).toBe('No match here');
  });

  it('shows the window with the most matches, on one line, cut between words', () => {
    const text = `${'alpha '.repeat(50)}\nbeta gamma beta\n${'delta '.repeat(50)}`;
    const result = snippet(text, 'beta', 60);
    expect(result).toMatch(/^…(alpha )+<mark>beta<\/mark> gamma <mark>beta<\/mark>( delta)+…$/);
    expect(result).not.toContain('\n');
  });

  it('cuts CJK text anywhere but inside a character of two UTF-16 units', () => {
    const text = `${'𠮷'.repeat(30)}会議室${'𠮷'.repeat(30)}`;
    const result = snippet(text, '会議室', 21);
    expect(result).toContain('<mark>会議室</mark>');
    expect(result.replace(/<\/?mark>|…/g, '')).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
  });
});

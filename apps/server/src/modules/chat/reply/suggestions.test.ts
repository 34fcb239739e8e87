// No test database: it runs once, on PGlite, not again on PostgreSQL (vitest.config.ts).
import { describe, expect, it } from 'vitest';
import { parseSuggestions, QUESTION_MAX } from './suggestions.ts';

describe('reading the suggested next questions', () => {
  it('takes a JSON array, also inside a code fence or an object', () => {
    expect(parseSuggestions('["What next?", "Why?", "How much?"]')).toEqual([
      'What next?',
      'Why?',
      'How much?',
    ]);
    expect(parseSuggestions('```json\n["下一步怎么做？", "为什么？"]\n```')).toEqual([
      '下一步怎么做？',
      '为什么？',
    ]);
    expect(parseSuggestions('{"questions": ["料金はいくらですか？", "返品できますか?"]}')).toEqual([
      '料金はいくらですか？',
      '返品できますか?',
    ]);
  });

  it('keeps only the questions of a chatty English answer, without numbering, bullets, labels or quotes', () => {
    const answer = [
      'Sure! Here are three questions you might ask next:',
      '',
      '### Suggested questions',
      '1. "How do I deploy this to production?"',
      '2) **What does it cost per month?**',
      '- Q3: Can I invite my team?',
      '',
      'Let me know if you need anything else.',
    ].join('\n');
    expect(parseSuggestions(answer)).toEqual([
      'How do I deploy this to production?',
      'What does it cost per month?',
      'Can I invite my team?',
    ]);
  });

  it('reads Chinese and Japanese lists with their own numbering and quotes', () => {
    expect(
      parseSuggestions(
        '以下是您可能想问的问题：\n1、如何申请退款？\n（2）退款需要多久？\n问题3：「可以部分退款吗？」\n希望对您有帮助。',
      ),
    ).toEqual(['如何申请退款？', '退款需要多久？', '可以部分退款吗？']);
    expect(
      parseSuggestions(
        '次の質問をどうぞ：\n① 東京の天気は？\n１．明日は雨が降りますか？\n・『傘は必要ですか？』\n※参考までに',
      ),
    ).toEqual(['東京の天気は？', '明日は雨が降りますか？', '傘は必要ですか？']);
  });

  it('drops lines that are not questions: headings, markers alone, statements, notes', () => {
    expect(parseSuggestions('# What next?\n-\n1.\n*\nThis is a statement.\n?\nWhat about 1.5 kg?')).toEqual([
      'What about 1.5 kg?',
    ]);
    expect(parseSuggestions('["A statement.", "Is it safe?", 42, null]')).toEqual(['Is it safe?']);
  });

  it('drops duplicates that differ only in case, width or spacing, and overlong questions', () => {
    const long = `${'x'.repeat(QUESTION_MAX)}?`;
    expect(parseSuggestions(`Why?\nwhy?\nＷｈｙ？\n${long}\nHow?\nWhat?\nWhen?`)).toEqual([
      'Why?',
      'How?',
      'What?',
    ]);
  });

  it('answers nothing when the model wrote no question', () => {
    expect(parseSuggestions('')).toEqual([]);
    expect(parseSuggestions('I cannot suggest questions for this conversation.')).toEqual([]);
  });
});

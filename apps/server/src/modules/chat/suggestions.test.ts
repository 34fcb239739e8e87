import { describe, expect, it } from 'vitest';
import { parseSuggestions } from './suggestions.ts';

describe('reading the suggested next questions', () => {
  it('takes a JSON array, also inside a code fence', () => {
    expect(parseSuggestions('["What next?", "Why?", "How much?"]')).toEqual([
      'What next?',
      'Why?',
      'How much?',
    ]);
    expect(parseSuggestions('```json\n["下一步？", "为什么？"]\n```')).toEqual(['下一步？', '为什么？']);
  });

  it('falls back to one per line, without numbering, bullets or quotes', () => {
    expect(parseSuggestions('1. "What next?"\n- Why?\n\n3) 費用は？\n* Fourth')).toEqual([
      'What next?',
      'Why?',
      '費用は？',
    ]);
  });

  it('drops empty, duplicate and overlong questions, and anything but strings', () => {
    expect(parseSuggestions(`["Why?", "Why?", "", 42, "${'x'.repeat(201)}", "How?"]`)).toEqual([
      'Why?',
      'How?',
    ]);
  });
});

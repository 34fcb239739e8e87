import { describe, expect, it } from 'vitest';
import { plainText } from './plain-text.ts';

describe('plainText', () => {
  it('keeps the words of a Markdown reply on one line, without its marks', () => {
    expect(
      plainText(
        '# Day 1\n\n**Start** early: visit the *temple*.\n\n- Lunch by the `river`\n- [Map](https://x.test)\n\n```\nbudget: 120\n```',
      ),
    ).toBe('Day 1 Start early: visit the temple. Lunch by the river Map budget: 120');
  });

  it('drops raw HTML and leaves plain text as it is', () => {
    expect(plainText('Hello <b>there</b>')).toBe('Hello there');
    expect(plainText('Just text')).toBe('Just text');
  });
});

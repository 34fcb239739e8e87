import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './date-format.ts';

const MOMENT = new Date(2026, 10, 24, 23, 9);

describe('dates on screen', () => {
  it("are written the same way in every table and dialog, in the reader's language", () => {
    expect(formatDateTime(MOMENT, 'en-US')).toBe('Nov 24, 2026, 11:09 PM');
    expect(formatDate(MOMENT, 'en-US')).toBe('Nov 24, 2026');
    expect(formatDate(MOMENT, 'zh-CN')).toBe('2026年11月24日');
    expect(formatDate(MOMENT, 'ja-JP')).toBe('2026/11/24');
  });

  it('an unreadable time shows nothing rather than "Invalid Date"', () => {
    expect(formatDate('not a date', 'en-US')).toBe('');
  });
});

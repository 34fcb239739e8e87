import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time.ts';

const now = new Date('2026-11-22T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const format = (ms: number, locale = 'en-US') => formatRelativeTime(ago(ms), locale, 'just now', now);

describe('formatRelativeTime', () => {
  it('says just now under 30 seconds', () => {
    expect(format(0)).toBe('just now');
    expect(format(29_999)).toBe('just now');
  });

  it('counts minutes from 30 seconds to an hour', () => {
    expect(format(30_000)).toBe('1 minute ago');
    expect(format(5 * 60_000)).toBe('5 minutes ago');
    expect(format(59 * 60_000 + 59_000)).toBe('59 minutes ago');
  });

  it('counts hours under a day', () => {
    expect(format(60 * 60_000)).toBe('1 hour ago');
    expect(format(23 * 3_600_000)).toBe('23 hours ago');
  });

  it('says yesterday under two days', () => {
    expect(format(24 * 3_600_000)).toBe('yesterday');
    expect(format(47 * 3_600_000)).toBe('yesterday');
  });

  it('shows a date from two days on, written as every other screen writes dates', () => {
    expect(format(48 * 3_600_000)).toBe('Nov 20, 2026');
  });

  it('speaks each language', () => {
    expect(format(5 * 60_000, 'zh-CN')).toBe('5分钟前');
    expect(format(24 * 3_600_000, 'ja-JP')).toBe('昨日');
    expect(format(3 * 3_600_000, 'zh-TW')).toBe('3 小時前');
  });

  it('treats a future time (clock skew) as just now', () => {
    expect(format(-60_000)).toBe('just now');
  });
});

import { describe, expect, it } from 'vitest';
import { i18n, initI18n, loadFullCatalogue } from '../../../shared/i18n/i18n.ts';
import { outcomeNotice } from './outcome-notice.ts';

const say = (notice: ReturnType<typeof outcomeNotice>) =>
  'key' in notice ? i18n.t(notice.key, notice.values) : notice.text;

describe('toasts after acting on members', () => {
  it('name the one person it happened to', async () => {
    await initI18n('en-US');
    await loadFullCatalogue();
    expect(say(outcomeNotice('approved', [{ name: 'Bob' }], 1))).toBe('Bob joined the team.');
    expect(say(outcomeNotice('moved', [{ name: 'Bob' }], 1, { department: 'Sales' }))).toBe(
      'Bob moved to Sales.',
    );
  });

  it("count several people with the language's plural", async () => {
    await initI18n('en-US');
    await loadFullCatalogue();
    const two = [{ name: 'Bob' }, { name: 'Ann' }];
    expect(say(outcomeNotice('moved', two, 2, { department: 'Sales' }))).toBe('2 members moved to Sales.');
    expect(say(outcomeNotice('removed', two, 2))).toBe('2 members were removed from the team.');
    // Two were chosen, but someone else had already decided one of them.
    expect(say(outcomeNotice('approved', two, 1))).toBe('1 person joined the team.');
  });

  it('speak Chinese, Traditional Chinese and Japanese too', async () => {
    const expected = {
      'zh-CN': 'Bob 已加入团队。',
      'zh-TW': 'Bob 已加入團隊。',
      'ja-JP': 'Bob さんがチームに参加しました。',
    } as const;
    for (const [locale, text] of Object.entries(expected)) {
      await initI18n(locale as keyof typeof expected);
      await loadFullCatalogue();
      expect(say(outcomeNotice('approved', [{ name: 'Bob' }], 1))).toBe(text);
    }
  });
});

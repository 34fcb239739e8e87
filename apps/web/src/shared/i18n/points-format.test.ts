import { LOCALES } from '@tandem/contract/i18n';
import { describe, expect, it } from 'vitest';
import { changeLocale, i18n, initI18n, loadFullCatalogue } from './i18n.ts';

/** Every message that shows a number of points, with the value it is given. */
const POINTS_MESSAGES = [
  ['user_menu.points', { value: 120967 }],
  ['chat.points_left', { points: 120967 }],
  ['chat.points_per_message', { count: 120967 }],
  ['agents.model.points', { count: 120967 }],
  ['ai_writing.points', { count: 120967 }],
  ['ai_writing.admin_in_use', { name: 'M', count: 120967 }],
] as const;

describe('points', () => {
  it('are written with the grouping of every language ("120,967", not "120967")', async () => {
    await initI18n('en-US');
    await loadFullCatalogue();
    for (const locale of LOCALES) {
      await changeLocale(locale);
      const grouped = new Intl.NumberFormat(locale).format(120967);
      for (const [key, values] of POINTS_MESSAGES) {
        expect(i18n.t(key, values), `${locale} ${key}`).toContain(grouped);
      }
    }
  });

  it('are one point, not "1 points", where the language counts one apart', async () => {
    await initI18n('en-US');
    await loadFullCatalogue();
    await changeLocale('en-US');
    expect(i18n.t('chat.points_per_message', { count: 1 })).toBe('1 point per message');
    expect(i18n.t('chat.points_per_message', { count: 2 })).toBe('2 points per message');
    await changeLocale('ja-JP');
    expect(i18n.t('chat.points_per_message', { count: 1 })).toBe('1 メッセージあたり 1 ポイント');
  });
});

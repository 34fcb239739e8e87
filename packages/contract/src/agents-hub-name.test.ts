import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from './i18n.ts';
import { flattenKeys, MESSAGES, translate } from './messages.ts';

/** The spec's name of /dashboard, "Agents Hub", and the other names it went by. */
const HUB_NAME: Record<Locale, { name: string; others: RegExp }> = {
  'en-US': { name: 'Agents Hub', others: /Discover|agent store|agent centre/i },
  'ja-JP': { name: 'エージェントハブ', others: /見つける|ストア|エージェントセンター/ },
  'zh-CN': { name: '智能体中心', others: /发现|智能体广场|智能体商店/ },
  'zh-TW': { name: '智慧體中心', others: /探索|智慧體廣場|智慧體商店/ },
};

describe('the Agents Hub', () => {
  it.each(LOCALES)('has one name in %s: the menu, the page, the user menu and every mention', (locale) => {
    const { name, others } = HUB_NAME[locale];
    for (const key of ['nav.discover', 'route.dashboard', 'user_menu.back_to_store', 'coming_soon.back']) {
      expect(translate(locale, key), key).toContain(name);
    }
    const elsewhere = flattenKeys(MESSAGES[locale]).filter((key) => others.test(translate(locale, key)));
    expect(elsewhere).toEqual([]);
  });
});

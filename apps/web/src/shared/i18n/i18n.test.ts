import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { changeLocale, getLocale, i18n, initI18n, useLocaleStore } from './i18n.ts';

describe('switching language', () => {
  it('loads the catalogue, updates <html lang>, antd locale and the cookie', async () => {
    await initI18n('en-US');
    expect(i18n.t('common.cancel')).toBe('Cancel');
    // Always a locale, even antd's default English: see `loadAntdLocale`.
    expect(useLocaleStore.getState().antdLocale?.locale).toBe('en');

    await changeLocale('ja-JP');
    expect(getLocale()).toBe('ja-JP');
    expect(i18n.t('common.cancel')).toBe('キャンセル');
    expect(document.documentElement.lang).toBe('ja-JP');
    expect(useLocaleStore.getState().antdLocale?.locale).toBe('ja');
    expect(Cookies.get('locale')).toBe('ja-JP');

    await changeLocale('zh-TW');
    expect(i18n.t('user_menu.logout')).toBe('登出');
    expect(useLocaleStore.getState().antdLocale?.locale).toBe('zh-tw');
  });

  it('starts without writing a cookie: only a user choice is remembered', async () => {
    Cookies.remove('locale', { path: '/' });
    await initI18n('zh-CN');
    expect(i18n.t('common.guest')).toBe('访客');
    expect(Cookies.get('locale')).toBeUndefined();
  });
});

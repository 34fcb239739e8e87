import enUS from '@tandem/contract/locales/en-US';
import jaJP from '@tandem/contract/locales/ja-JP';
import zhCN from '@tandem/contract/locales/zh-CN';
import zhTW from '@tandem/contract/locales/zh-TW';
import Cookies from 'js-cookie';
import { describe, expect, it, vi } from 'vitest';
import { START_SECTIONS } from './catalogue-parts.ts';

// The module as a first page load finds it: the web tests share their worker's modules, and an earlier
// file may have loaded the whole catalogue already.
vi.resetModules();
const { changeLocale, getLocale, i18n, initI18n, loadFullCatalogue, useLocaleStore } = await import(
  './i18n.ts'
);

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

    // The signed-in screens' sections come with the rest of the catalogue, for every later language too.
    expect(i18n.t('user_menu.logout')).toBe('user_menu.logout');
    await loadFullCatalogue();
    expect(i18n.t('user_menu.logout')).toBe('ログアウト');
    await changeLocale('zh-TW');
    expect(i18n.t('common.cancel')).toBe('取消');
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

describe('a switch asked for while the first language loads', () => {
  it("comes after it, so that the account's saved language wins over the cookie's", async () => {
    vi.resetModules();
    const fresh = await import('./i18n.ts');
    // A cold load: the cookie's language starts loading, then the account answers with another one.
    const starting = fresh.initI18n('ja-JP');
    const switching = fresh.changeLocale('en-US');
    await Promise.all([starting, switching]);
    expect(fresh.getLocale()).toBe('en-US');
    expect(fresh.i18n.t('common.cancel')).toBe('Cancel');
    expect(document.documentElement.lang).toBe('en-US');
  });

  it('is the second of two starts, which is not dropped', async () => {
    vi.resetModules();
    const fresh = await import('./i18n.ts');
    await Promise.all([fresh.initI18n('ja-JP'), fresh.initI18n('zh-TW')]);
    expect(fresh.getLocale()).toBe('zh-TW');
    expect(fresh.i18n.t('common.cancel')).toBe(zhTW.common.cancel);
    expect(document.documentElement.lang).toBe('zh-TW');
  });
});

describe('the first catalogue part', () => {
  it('names sections every language has', () => {
    for (const catalogue of [enUS, zhCN, zhTW, jaJP]) {
      for (const section of START_SECTIONS) expect(Object.keys(catalogue)).toContain(section);
    }
  });
});

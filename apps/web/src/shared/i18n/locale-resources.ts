import type { Locale } from '@tandem/contract/i18n';
import type { Messages } from '@tandem/contract/messages';
import type { Locale as AntdLocale } from 'antd/es/locale';

type JsonModule = { default: Messages };

// One chunk per language: only the active catalogue is downloaded at start.
const messageLoaders: Record<Locale, () => Promise<JsonModule>> = {
  'en-US': () => import('@tandem/contract/locales/en-US'),
  'zh-CN': () => import('@tandem/contract/locales/zh-CN'),
  'zh-TW': () => import('@tandem/contract/locales/zh-TW'),
  'ja-JP': () => import('@tandem/contract/locales/ja-JP'),
};

export const loadMessages = async (locale: Locale) => (await messageLoaders[locale]()).default;

/**
 * antd's own component texts. English is antd's built-in default (already in the bundle), but it is
 * still passed explicitly: antd's ConfigProvider wraps the app in a locale provider only when given a
 * locale, so switching from "none" to Japanese would mount the whole app again and lose open dialogs.
 */
const antdLoaders: Record<Locale, () => Promise<{ default: AntdLocale }>> = {
  'en-US': () => import('antd/es/locale/en_US'),
  'zh-CN': () => import('antd/es/locale/zh_CN'),
  'zh-TW': () => import('antd/es/locale/zh_TW'),
  'ja-JP': () => import('antd/es/locale/ja_JP'),
};

export async function loadAntdLocale(locale: Locale): Promise<AntdLocale> {
  return (await antdLoaders[locale]()).default;
}

/** dayjs names its locales differently; English is built in. */
const dayjsLoaders: Record<Locale, (() => Promise<unknown>) | null> = {
  'en-US': null,
  'zh-CN': () => import('dayjs/locale/zh-cn'),
  'zh-TW': () => import('dayjs/locale/zh-tw'),
  'ja-JP': () => import('dayjs/locale/ja'),
};

export const DAYJS_LOCALE_NAMES: Record<Locale, string> = {
  'en-US': 'en',
  'zh-CN': 'zh-cn',
  'zh-TW': 'zh-tw',
  'ja-JP': 'ja',
};

export async function loadDayjsLocale(locale: Locale) {
  await dayjsLoaders[locale]?.();
  return DAYJS_LOCALE_NAMES[locale];
}

let isDayjsLoaded = false;

/**
 * dayjs serves antd's date pickers, which no first page shows: it is loaded only for a language other
 * than its built-in English, or to switch back to English once it has been loaded.
 */
export function setDayjsLocale(name: string) {
  if (name === DAYJS_LOCALE_NAMES['en-US'] && !isDayjsLoaded) return;
  isDayjsLoaded = true;
  void import('dayjs').then(({ default: dayjs }) => dayjs.locale(name));
}

import type { Locale } from '@tandem/contract/i18n';
import type { Messages } from '@tandem/contract/messages';
import type { Locale as AntdLocale } from 'antd/es/locale';
import type { CataloguePart } from './catalogue-parts.ts';

type CatalogueModule = { default: Partial<Messages> };

// Two chunks per language (see catalogue-parts.ts): only the active language's start part is downloaded
// at first; the rest comes before a signed-in or shared page opens.
const messageLoaders: Record<Locale, Record<CataloguePart, () => Promise<CatalogueModule>>> = {
  'en-US': {
    start: () => import('virtual:tandem-messages/en-US/start'),
    rest: () => import('virtual:tandem-messages/en-US/rest'),
  },
  'zh-CN': {
    start: () => import('virtual:tandem-messages/zh-CN/start'),
    rest: () => import('virtual:tandem-messages/zh-CN/rest'),
  },
  'zh-TW': {
    start: () => import('virtual:tandem-messages/zh-TW/start'),
    rest: () => import('virtual:tandem-messages/zh-TW/rest'),
  },
  'ja-JP': {
    start: () => import('virtual:tandem-messages/ja-JP/start'),
    rest: () => import('virtual:tandem-messages/ja-JP/rest'),
  },
};

export const loadMessages = async (locale: Locale, part: CataloguePart) =>
  (await messageLoaders[locale][part]()).default;

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

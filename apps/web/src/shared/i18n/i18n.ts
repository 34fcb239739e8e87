import type { Locale } from '@tandem/contract/i18n';
import type { Locale as AntdLocale } from 'antd/es/locale';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { create } from 'zustand';
import { writeLocaleCookie } from './locale-preference.ts';
import { loadAntdLocale, loadDayjsLocale, loadMessages, setDayjsLocale } from './locale-resources.ts';

export const i18n = i18next.createInstance();

type LocaleState = { locale: Locale; antdLocale: AntdLocale | undefined };

/** The active language, for components and for the HTTP client's language header. */
export const useLocaleStore = create<LocaleState>()(() => ({ locale: 'en-US', antdLocale: undefined }));

export const getLocale = () => useLocaleStore.getState().locale;

async function loadLocale(locale: Locale) {
  const [messages, antdLocale, dayjsName] = await Promise.all([
    i18n.hasResourceBundle(locale, 'translation') ? null : loadMessages(locale),
    loadAntdLocale(locale),
    loadDayjsLocale(locale),
  ]);
  if (messages) i18n.addResourceBundle(locale, 'translation', messages, true, true);
  return { antdLocale, dayjsName };
}

function applyLocale(locale: Locale, antdLocale: AntdLocale | undefined, dayjsName: string) {
  setDayjsLocale(dayjsName);
  document.documentElement.lang = locale;
  useLocaleStore.setState({ locale, antdLocale });
}

/** Loads only the starting language's catalogue before the first render. */
export async function initI18n(locale: Locale) {
  if (i18n.isInitialized) {
    await switchLocale(locale);
    return;
  }
  const [messages, antdLocale, dayjsName] = await Promise.all([
    loadMessages(locale),
    loadAntdLocale(locale),
    loadDayjsLocale(locale),
  ]);
  await i18n.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: { translation: messages } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  applyLocale(locale, antdLocale, dayjsName);
}

async function switchLocale(locale: Locale) {
  const { antdLocale, dayjsName } = await loadLocale(locale);
  await i18n.changeLanguage(locale);
  applyLocale(locale, antdLocale, dayjsName);
}

/** Switches language everywhere: messages, antd, dayjs, `<html lang>`, and the 1-year cookie. */
export async function changeLocale(locale: Locale) {
  await switchLocale(locale);
  writeLocaleCookie(locale);
}

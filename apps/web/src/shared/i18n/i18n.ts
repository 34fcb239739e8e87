import type { Locale } from '@tandem/contract/i18n';
import type { Locale as AntdLocale } from 'antd/es/locale';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { create } from 'zustand';
import type { CataloguePart } from './catalogue-parts.ts';
import { writeLocaleCookie } from './locale-preference.ts';
import { loadAntdLocale, loadDayjsLocale, loadMessages, setDayjsLocale } from './locale-resources.ts';

export const i18n = i18next.createInstance();

type LocaleState = { locale: Locale; antdLocale: AntdLocale | undefined };

/** The active language, for components and for the HTTP client's language header. */
export const useLocaleStore = create<LocaleState>()(() => ({ locale: 'en-US', antdLocale: undefined }));

export const getLocale = () => useLocaleStore.getState().locale;

/** Parts of each language's catalogue already added to i18next. */
const loadedParts = new Map<Locale, Set<CataloguePart>>();
/** Once a signed-in or shared page has opened, a language switch brings both parts. */
let isRestWanted = false;
const wantedParts = (): CataloguePart[] => (isRestWanted ? ['start', 'rest'] : ['start']);

/** The wanted parts of `locale` not loaded yet, merged into one bundle (sections do not overlap). */
async function missingMessages(locale: Locale, parts: CataloguePart[]) {
  const loaded = loadedParts.get(locale) ?? new Set<CataloguePart>();
  const missing = parts.filter((part) => !loaded.has(part));
  const bundles = await Promise.all(missing.map((part) => loadMessages(locale, part)));
  const commit = () => {
    for (const part of missing) loaded.add(part);
    loadedParts.set(locale, loaded);
  };
  return { messages: Object.assign({}, ...bundles) as Record<string, unknown>, commit };
}

async function addMessages(locale: Locale, parts: CataloguePart[]) {
  const { messages, commit } = await missingMessages(locale, parts);
  if (Object.keys(messages).length) i18n.addResourceBundle(locale, 'translation', messages, true, true);
  commit();
}

/** The rest of the active language's catalogue: called before a signed-in or shared page opens. */
export async function loadFullCatalogue() {
  isRestWanted = true;
  await addMessages(getLocale(), ['rest']);
}

async function loadLocale(locale: Locale) {
  const [, antdLocale, dayjsName] = await Promise.all([
    addMessages(locale, wantedParts()),
    loadAntdLocale(locale),
    loadDayjsLocale(locale),
  ]);
  return { antdLocale, dayjsName };
}

function applyLocale(locale: Locale, antdLocale: AntdLocale | undefined, dayjsName: string) {
  setDayjsLocale(dayjsName);
  document.documentElement.lang = locale;
  useLocaleStore.setState({ locale, antdLocale });
}

/** The first language loading; a switch asked for meanwhile (the account's saved one) waits for it. */
let starting: Promise<void> | undefined;

/** Loads only the starting language's first catalogue part before the first render. */
export async function initI18n(locale: Locale): Promise<void> {
  // A second start while the first loads comes after it: a switch, or a start again if it failed.
  if (starting && !i18n.isInitialized) {
    await starting.catch(() => {});
    return initI18n(locale);
  }
  if (i18n.isInitialized) {
    await switchLocale(locale);
    return;
  }
  starting ??= start(locale).catch((error: unknown) => {
    starting = undefined; // tried again by the next call
    throw error;
  });
  await starting;
}

async function start(locale: Locale) {
  // Calls sent while the catalogue loads (the first screen's account call) already speak this language.
  useLocaleStore.setState({ locale });
  const [{ messages, commit }, antdLocale, dayjsName] = await Promise.all([
    missingMessages(locale, wantedParts()),
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
  commit();
  applyLocale(locale, antdLocale, dayjsName);
}

async function switchLocale(locale: Locale) {
  // Before i18next has started, a switch would fail, and the first language would then win.
  await starting?.catch(() => {});
  const { antdLocale, dayjsName } = await loadLocale(locale);
  await i18n.changeLanguage(locale);
  applyLocale(locale, antdLocale, dayjsName);
}

/** Switches language everywhere: messages, antd, dayjs, `<html lang>`, and the 1-year cookie. */
export async function changeLocale(locale: Locale) {
  await switchLocale(locale);
  writeLocaleCookie(locale);
}

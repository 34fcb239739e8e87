import { z } from 'zod';

/** The four interface languages, as BCP 47 tags (the form the web app and locale files use). */
export const LOCALES = ['zh-CN', 'zh-TW', 'en-US', 'ja-JP'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';
/** Preference default for a new user. */
export const PREFERENCE_DEFAULT_LOCALE: Locale = 'zh-CN';

export const LOCALE_NAMES: Record<Locale, string> = {
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  'en-US': 'English',
  'ja-JP': '日本語',
};

/**
 * Accepts every spelling the spec and browsers use (`en_us`, `en-us`, `en-US`, `zh`, `ja`, `zh-Hant`)
 * and answers one of the four locales, or undefined.
 */
export function normaliseLocale(input: string | undefined | null): Locale | undefined {
  if (!input) return undefined;
  const tag = input.trim().replace(/_/g, '-').toLowerCase();
  const exact = LOCALES.find((locale) => locale.toLowerCase() === tag);
  if (exact) return exact;
  if (tag.startsWith('zh')) {
    return /hant|tw|hk|mo/.test(tag) ? 'zh-TW' : 'zh-CN';
  }
  if (tag.startsWith('ja')) return 'ja-JP';
  if (tag.startsWith('en')) return 'en-US';
  return undefined;
}

/** Picks the best of the four from an Accept-Language header or `navigator.languages`. */
export function pickLocale(candidates: readonly string[]): Locale {
  for (const candidate of candidates) {
    const locale = normaliseLocale(candidate.split(';')[0]);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag ?? '', q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((entry) => entry.tag);
}

/** `en_us`: the form the spec's `resource-locale` call and language header use. */
export const toApiLocale = (locale: Locale) => locale.replace('-', '_').toLowerCase();

export const LOCALE_COOKIE = 'locale';
export const THEME_COOKIE = 'theme';
export const LANGUAGE_HEADER = 'accept-language';

/** Numeric theme codes of the preference calls: 4 light, 5 dark, 6 system. */
export const THEME_IDS = { light: 4, dark: 5, system: 6 } as const;
export type ThemeMode = keyof typeof THEME_IDS;
export const THEME_MODES = Object.keys(THEME_IDS) as ThemeMode[];
export const DEFAULT_THEME: ThemeMode = 'system';

export const resourceLocaleQuery = z.object({
  locale: z
    .string()
    .max(16)
    .transform((value, ctx) => {
      const locale = normaliseLocale(value);
      if (!locale) {
        ctx.addIssue({ code: 'custom', message: 'unsupported locale' });
        return z.NEVER;
      }
      return locale;
    }),
});

import {
  LOCALE_COOKIE,
  type Locale,
  normaliseLocale,
  parseAcceptLanguage,
  pickLocale,
  THEME_COOKIE,
  THEME_IDS,
  type ThemeMode,
} from '@tandem/contract/i18n';
import type { FastifyRequest } from 'fastify';

/** The language of a request's messages: the locale cookie, else Accept-Language, else en-US. */
export function requestLocale(request: FastifyRequest): Locale {
  const fromCookie = normaliseLocale(readCookie(request.headers.cookie, LOCALE_COOKIE));
  return fromCookie ?? pickLocale(parseAcceptLanguage(request.headers['accept-language']));
}

/** The preferences a new account starts with: the language and theme the visitor was using. */
export function requestPreference(request: FastifyRequest): { languageKey: Locale; themeId: number } {
  const theme = readCookie(request.headers.cookie, THEME_COOKIE);
  const themeId = theme && theme in THEME_IDS ? THEME_IDS[theme as ThemeMode] : THEME_IDS.system;
  return { languageKey: requestLocale(request), themeId };
}

function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

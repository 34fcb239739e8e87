import {
  type Locale,
  normaliseLocale,
  PREFERENCE_DEFAULT_LOCALE,
  THEME_MODES,
  type ThemeMode,
} from '@tandem/contract/i18n';
import type { AccountUser } from '@tandem/contract/user';
import { changeLocale, getLocale } from '../../../shared/i18n/i18n.ts';
import { useThemeStore } from '../../../shared/theme/theme-store.ts';

type Preference = AccountUser['preference'];

/**
 * What of the account's saved preference this browser should take on. A new account holds the defaults
 * (follow system, zh-CN) before its user has chosen anything, and those cannot be told apart from a choice:
 * a default stays a default here, so signing up in English does not switch the page to Chinese.
 */
export function preferenceToApply(
  preference: Preference | undefined,
  current: { theme: ThemeMode; locale: Locale },
): { theme?: ThemeMode; locale?: Locale } {
  if (!preference) return {};
  const theme = THEME_MODES.find((mode) => mode === preference.theme_key);
  const locale = normaliseLocale(preference.language_key);
  return {
    theme: theme && theme !== 'system' && theme !== current.theme ? theme : undefined,
    locale: locale && locale !== PREFERENCE_DEFAULT_LOCALE && locale !== current.locale ? locale : undefined,
  };
}

/** On sign-in and page load: the preference saved on the account follows the user to this browser. */
export async function applyAccountPreference(preference: Preference | undefined) {
  const theme = useThemeStore.getState();
  const change = preferenceToApply(preference, { theme: theme.mode, locale: getLocale() });
  if (change.theme) theme.setMode(change.theme);
  if (change.locale) await changeLocale(change.locale);
}

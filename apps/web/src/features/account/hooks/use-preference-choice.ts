import { type Locale, THEME_IDS, type ThemeMode } from '@tandem/contract/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { changeLocale } from '../../../shared/i18n/i18n.ts';
import { isAuthenticated } from '../../../shared/session/session-store.ts';
import { useThemeStore } from '../../../shared/theme/theme-store.ts';
import { languageIdOf, preferenceConfigsQuery, updatePreference } from '../api/preferences.ts';

/**
 * Choosing a theme or language applies it at once and, when signed in, saves it on the account so it
 * follows the user to other browsers. Answers whether the account was updated; failures are reported by
 * the HTTP client and the local choice stays.
 */
export function usePreferenceChoice() {
  const queryClient = useQueryClient();

  const chooseTheme = useCallback(async (mode: ThemeMode) => {
    useThemeStore.getState().setMode(mode);
    if (!isAuthenticated()) return false;
    return updatePreference({ theme_id: THEME_IDS[mode] }).then(
      () => true,
      () => false,
    );
  }, []);

  const chooseLocale = useCallback(
    async (locale: Locale) => {
      await changeLocale(locale);
      if (!isAuthenticated()) return false;
      try {
        const languageId = languageIdOf(await queryClient.fetchQuery(preferenceConfigsQuery), locale);
        if (languageId === undefined) return false;
        await updatePreference({ language_id: languageId });
        return true;
      } catch {
        return false;
      }
    },
    [queryClient],
  );

  return { chooseTheme, chooseLocale };
}

import {
  LOCALE_NAMES,
  LOCALES,
  type Locale,
  normaliseLocale,
  THEME_MODES,
  type ThemeMode,
} from '@tandem/contract/i18n';
import { useQuery } from '@tanstack/react-query';
import { Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocaleStore } from '../../../shared/i18n/i18n.ts';
import { themeModesOf, useClientConfig } from '../../../shared/system/client-config.ts';
import { useThemeStore } from '../../../shared/theme/theme-store.ts';
import { showNotice } from '../../../shared/ui/notices.ts';
import { THEME_ICONS, themeOptions } from '../../../shared/ui/theme-switcher.tsx';
import { type PreferenceConfigs, preferenceConfigsQuery } from '../api/preferences.ts';
import { usePreferenceChoice } from '../hooks/use-preference-choice.ts';

/** The options the server offers, or every theme and language while its list is on its way. */
export function preferenceChoices(
  configs: PreferenceConfigs | undefined,
  fallbackThemes: readonly ThemeMode[],
) {
  const themes = configs?.theme
    .map((option) => THEME_MODES.find((mode) => mode === option.key))
    .filter((mode): mode is ThemeMode => !!mode);
  const languages = configs?.language
    .map((option) => ({ locale: normaliseLocale(option.key), name: option.name }))
    .filter((option): option is { locale: Locale; name: string } => !!option.locale);
  return {
    themes: themeOptions(themes?.length ? themes : fallbackThemes),
    languages: languages?.length
      ? languages
      : LOCALES.map((locale) => ({ locale, name: LOCALE_NAMES[locale] })),
  };
}

/** Appearance and language: applied at once, saved on the account. */
export function PreferencesSection() {
  const { t } = useTranslation();
  const { data: configs } = useQuery(preferenceConfigsQuery);
  const clientConfig = useClientConfig();
  const mode = useThemeStore((state) => state.mode);
  const locale = useLocaleStore((state) => state.locale);
  const { chooseTheme, chooseLocale } = usePreferenceChoice();
  const { themes, languages } = preferenceChoices(configs, themeModesOf(clientConfig));

  const saved = (isSaved: boolean) => {
    if (isSaved) showNotice({ key: 'preferences.saved' }, 'success');
  };

  return (
    <div className="preferences">
      <p className="preferences__intro">{t('preferences.intro')}</p>
      <div className="preferences__row">
        <span id="pref-appearance" className="preferences__label">
          {t('account_centre.appearance')}
        </span>
        <Radio.Group
          aria-labelledby="pref-appearance"
          optionType="button"
          value={mode}
          onChange={(event) => void chooseTheme(event.target.value as ThemeMode).then(saved)}
          options={themes.map((key) => ({
            value: key,
            label: (
              <span className="preferences__option">
                {THEME_ICONS[key]} {t(`theme.${key}`)}
              </span>
            ),
          }))}
        />
      </div>
      <div className="preferences__row">
        <span id="pref-language" className="preferences__label">
          {t('account_centre.language')}
        </span>
        <Select<Locale>
          aria-labelledby="pref-language"
          value={locale}
          style={{ minWidth: 200, maxWidth: 280 }}
          onChange={(value) => void chooseLocale(value).then(saved)}
          options={languages.map((option) => ({
            value: option.locale,
            label: <span lang={option.locale}>{option.name}</span>,
          }))}
        />
      </div>
    </div>
  );
}

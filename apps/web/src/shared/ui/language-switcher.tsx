import { GlobalOutlined } from '@ant-design/icons';
import { LOCALE_NAMES, LOCALES, type Locale } from '@tandem/contract/i18n';
import { useTranslation } from 'react-i18next';
import { changeLocale, useLocaleStore } from '../i18n/i18n.ts';
import { ChoiceMenu } from './choice-menu.tsx';

/** Each language is named in itself, so a user lost in a foreign language can still find theirs. */
export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  return (
    <ChoiceMenu<Locale>
      label={t('language.label')}
      icon={<GlobalOutlined />}
      text={compact ? undefined : LOCALE_NAMES[locale]}
      value={locale}
      onChange={(next) => void changeLocale(next)}
      choices={LOCALES.map((key) => ({ key, label: LOCALE_NAMES[key], lang: key }))}
    />
  );
}

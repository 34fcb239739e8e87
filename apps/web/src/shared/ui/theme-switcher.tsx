import { DesktopOutlined, MoonOutlined, SunOutlined } from '@ant-design/icons';
import { THEME_MODES, type ThemeMode } from '@tandem/contract/i18n';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useThemeStore } from '../theme/theme-store.ts';
import { ChoiceMenu } from './choice-menu.tsx';

export const THEME_ICONS: Record<ThemeMode, ReactNode> = {
  system: <DesktopOutlined />,
  light: <SunOutlined />,
  dark: <MoonOutlined />,
};

/** Follow-system always comes first; light and dark follow the server's list when it is known. */
export function themeOptions(serverThemes: readonly ThemeMode[] | undefined): ThemeMode[] {
  const offered = serverThemes?.length ? serverThemes : THEME_MODES;
  return ['system', ...THEME_MODES.filter((mode) => mode !== 'system' && offered.includes(mode))];
}

export function ThemeSwitcher({ serverThemes }: { serverThemes?: readonly ThemeMode[] }) {
  const { t } = useTranslation();
  const mode = useThemeStore((state) => state.mode);
  const actual = useThemeStore((state) => state.actual);
  const setMode = useThemeStore((state) => state.setMode);
  return (
    <ChoiceMenu<ThemeMode>
      label={`${t('theme.label')}: ${t(`theme.${mode}`)}`}
      icon={THEME_ICONS[actual]}
      value={mode}
      onChange={setMode}
      choices={themeOptions(serverThemes).map((key) => ({
        key,
        icon: THEME_ICONS[key],
        label: t(`theme.${key}`),
      }))}
    />
  );
}

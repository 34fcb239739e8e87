import { DEFAULT_THEME, THEME_COOKIE, THEME_MODES, type ThemeMode } from '@tandem/contract/i18n';
import Cookies from 'js-cookie';
import { create } from 'zustand';

export type ActualTheme = 'light' | 'dark';

export const THEME_COOKIE_DAYS = 365;
const DARK_QUERY = '(prefers-color-scheme: dark)';

/** Page backgrounds, also painted by index.html's inline script before React starts. */
export const PAGE_BACKGROUND: Record<ActualTheme, string> = { light: '#f5f6fa', dark: '#0f1115' };

type ThemeState = {
  /** What the user chose (default: follow the system). */
  mode: ThemeMode;
  /** What the operating system prefers right now. */
  system: ActualTheme;
  /** What is painted: `mode`, or `system` when following it. */
  actual: ActualTheme;
  setMode(mode: ThemeMode): void;
  setSystem(system: ActualTheme): void;
};

const resolve = (mode: ThemeMode, system: ActualTheme): ActualTheme => (mode === 'system' ? system : mode);

export function readThemeCookie(): ThemeMode {
  const value = Cookies.get(THEME_COOKIE);
  return THEME_MODES.includes(value as ThemeMode) ? (value as ThemeMode) : DEFAULT_THEME;
}

function systemTheme(): ActualTheme {
  if (typeof window === 'undefined' || !window.matchMedia) return 'light';
  return window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

function paintDocument(actual: ActualTheme) {
  const root = document.documentElement;
  root.dataset.theme = actual;
  root.style.colorScheme = actual;
  root.style.backgroundColor = PAGE_BACKGROUND[actual];
}

export const useThemeStore = create<ThemeState>()((set, get) => {
  const mode = readThemeCookie();
  const system = systemTheme();
  return {
    mode,
    system,
    actual: resolve(mode, system),
    setMode(next) {
      // The theme cookie stays on this host, unlike the shared locale cookie.
      Cookies.set(THEME_COOKIE, next, { expires: THEME_COOKIE_DAYS, path: '/', sameSite: 'lax' });
      const actual = resolve(next, get().system);
      paintDocument(actual);
      set({ mode: next, actual });
    },
    setSystem(nextSystem) {
      const actual = resolve(get().mode, nextSystem);
      paintDocument(actual);
      set({ system: nextSystem, actual });
    },
  };
});

/** Follows `prefers-color-scheme` live; answers the function that stops listening. */
export function watchSystemTheme(): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const query = window.matchMedia(DARK_QUERY);
  const onChange = (event: MediaQueryListEvent) =>
    useThemeStore.getState().setSystem(event.matches ? 'dark' : 'light');
  useThemeStore.getState().setSystem(query.matches ? 'dark' : 'light');
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

import '../../test/dom-setup.ts';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setPrefersDark } from '../../test/dom-setup.ts';
import { readThemeCookie, useThemeStore, watchSystemTheme } from './theme-store.ts';

let stop: () => void = () => {};

beforeEach(() => {
  setPrefersDark(false);
  useThemeStore.getState().setMode('system');
  stop = watchSystemTheme();
});

afterEach(() => {
  stop();
  Cookies.remove('theme', { path: '/' });
});

describe('follow system', () => {
  it('follows prefers-color-scheme live', () => {
    expect(useThemeStore.getState().actual).toBe('light');
    setPrefersDark(true);
    expect(useThemeStore.getState()).toMatchObject({ mode: 'system', system: 'dark', actual: 'dark' });
    expect(document.documentElement.dataset.theme).toBe('dark');
    setPrefersDark(false);
    expect(useThemeStore.getState().actual).toBe('light');
  });

  it('stops following once the watcher is stopped', () => {
    stop();
    setPrefersDark(true);
    expect(useThemeStore.getState().actual).toBe('light');
  });
});

describe('a chosen theme', () => {
  it('wins over the system and is stored in the theme cookie', () => {
    useThemeStore.getState().setMode('dark');
    expect(Cookies.get('theme')).toBe('dark');
    expect(readThemeCookie()).toBe('dark');
    setPrefersDark(false);
    expect(useThemeStore.getState().actual).toBe('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
  });

  it('light stays light on a dark system', () => {
    useThemeStore.getState().setMode('light');
    setPrefersDark(true);
    expect(useThemeStore.getState()).toMatchObject({ system: 'dark', actual: 'light' });
  });

  it('an unknown cookie value reads as the default, system', () => {
    Cookies.set('theme', 'sepia');
    expect(readThemeCookie()).toBe('system');
  });
});

import { describe, expect, it } from 'vitest';
import { languageIdOf } from '../api/preferences.ts';
import { preferenceToApply } from './account-preference.ts';

const preference = (theme_key: 'light' | 'dark' | 'system', language_key: string) => ({
  theme_id: { light: 4, dark: 5, system: 6 }[theme_key],
  theme_key,
  language_id: 1,
  language_key,
});

describe('the account preference on sign-in', () => {
  const here = { theme: 'light' as const, locale: 'en-US' as const };

  it('brings a chosen theme and language to this browser', () => {
    expect(preferenceToApply(preference('dark', 'ja-JP'), here)).toEqual({ theme: 'dark', locale: 'ja-JP' });
  });

  it('accepts the language key in the spec spelling', () => {
    expect(preferenceToApply(preference('light', 'zh_tw'), here)).toEqual({ locale: 'zh-TW' });
  });

  it('changes nothing that already matches', () => {
    expect(preferenceToApply(preference('light', 'en-US'), here)).toEqual({});
  });

  it('keeps the browser’s choice over the defaults of an account that never chose', () => {
    expect(preferenceToApply(preference('system', 'zh-CN'), here)).toEqual({});
  });

  it('ignores a missing or unknown preference', () => {
    expect(preferenceToApply(undefined, here)).toEqual({});
    expect(preferenceToApply({ ...preference('dark', 'xx-XX'), theme_key: 'sepia' as 'dark' }, here)).toEqual(
      {},
    );
  });
});

describe('the language id sent to the server', () => {
  const configs = {
    language: [
      { id: 1, key: 'zh-CN', name: '简体中文' },
      { id: 3, key: 'en_us', name: 'English' },
    ],
    theme: [],
  };

  it('is the server’s id for the locale, whatever the key’s spelling', () => {
    expect(languageIdOf(configs, 'en-US')).toBe(3);
    expect(languageIdOf(configs, 'zh-CN')).toBe(1);
  });

  it('is unknown for a language the server does not list', () => {
    expect(languageIdOf(configs, 'ja-JP')).toBeUndefined();
  });
});

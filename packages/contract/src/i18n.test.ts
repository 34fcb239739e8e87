import { describe, expect, it } from 'vitest';
import { normaliseLocale, parseAcceptLanguage, pickLocale, toApiLocale } from './i18n.ts';

describe('normaliseLocale', () => {
  it.each([
    ['en_us', 'en-US'],
    ['EN-us', 'en-US'],
    ['zh_cn', 'zh-CN'],
    ['zh-Hans-CN', 'zh-CN'],
    ['zh-HK', 'zh-TW'],
    ['zh-Hant', 'zh-TW'],
    ['ja', 'ja-JP'],
    ['en-GB', 'en-US'],
  ])('reads %s as %s', (input, expected) => {
    expect(normaliseLocale(input)).toBe(expected);
  });

  it('answers undefined for other languages and empty input', () => {
    expect(normaliseLocale('fr-FR')).toBeUndefined();
    expect(normaliseLocale('')).toBeUndefined();
    expect(normaliseLocale(undefined)).toBeUndefined();
  });
});

describe('pickLocale', () => {
  it('takes the first supported language by preference and defaults to en-US', () => {
    expect(pickLocale(parseAcceptLanguage('fr-FR,fr;q=0.9,ja;q=0.8,en;q=0.5'))).toBe('ja-JP');
    expect(pickLocale(parseAcceptLanguage('en;q=0.2,zh-TW;q=0.9'))).toBe('zh-TW');
    expect(pickLocale(['de-DE'])).toBe('en-US');
    expect(pickLocale([])).toBe('en-US');
  });
});

it('writes the API form of a locale', () => {
  expect(toApiLocale('zh-TW')).toBe('zh_tw');
});

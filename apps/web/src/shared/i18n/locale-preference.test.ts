import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { cookieDomainFor, resolveInitialLocale, writeLocaleCookie } from './locale-preference.ts';

afterEach(() => {
  Cookies.remove('locale', { path: '/' });
});

describe('the starting locale', () => {
  it('takes the locale cookie first', () => {
    expect(resolveInitialLocale({ cookie: 'ja-JP', browserLanguages: ['zh-CN'] })).toBe('ja-JP');
  });

  it('accepts the spec spellings in the cookie', () => {
    expect(resolveInitialLocale({ cookie: 'zh_tw', browserLanguages: ['en'] })).toBe('zh-TW');
  });

  it('lets a ?lang= link win over the cookie', () => {
    expect(resolveInitialLocale({ query: 'zh-CN', cookie: 'ja-JP' })).toBe('zh-CN');
  });

  it('falls back to the browser languages, in order', () => {
    expect(resolveInitialLocale({ browserLanguages: ['fr-FR', 'zh-HK', 'en-US'] })).toBe('zh-TW');
    expect(resolveInitialLocale({ cookie: 'klingon', browserLanguages: ['ja'] })).toBe('ja-JP');
  });

  it('is en-US when nothing matches', () => {
    expect(resolveInitialLocale({ browserLanguages: ['de-DE', 'fr'] })).toBe('en-US');
    expect(resolveInitialLocale({})).toBe('en-US');
  });
});

describe('the locale cookie', () => {
  it('is shared with sibling subdomains of the product', () => {
    expect(cookieDomainFor('app.tandem.example')).toBe('tandem.example');
    expect(cookieDomainFor('tandem.example')).toBe('tandem.example');
  });

  it('stays host-only on localhost and IP addresses', () => {
    expect(cookieDomainFor('localhost')).toBeUndefined();
    expect(cookieDomainFor('127.0.0.1')).toBeUndefined();
    expect(cookieDomainFor('::1')).toBeUndefined();
  });

  it('is written for a year, and falls back to this host when the shared domain is refused', () => {
    // jsdom runs on localhost, which refuses a cookie for "tandem.example": the fallback must still store it.
    writeLocaleCookie('zh-CN', 'app.tandem.example');
    expect(Cookies.get('locale')).toBe('zh-CN');
    writeLocaleCookie('ja-JP', 'localhost');
    expect(Cookies.get('locale')).toBe('ja-JP');
  });
});

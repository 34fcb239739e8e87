import { describe, expect, it } from 'vitest';
import { ERRORS } from './errors.ts';
import { LOCALES } from './i18n.ts';
import { flattenKeys, MESSAGES, translate } from './messages.ts';

const reference = flattenKeys(MESSAGES['en-US']).sort();

describe('the locale catalogues', () => {
  it.each(LOCALES)('%s carries exactly the keys of en-US', (locale) => {
    expect(flattenKeys(MESSAGES[locale]).sort()).toEqual(reference);
  });

  it.each(LOCALES.filter((l) => l !== 'en-US'))(
    '%s is really translated, not copied from English',
    (locale) => {
      const english = MESSAGES['en-US'].error;
      const translated = MESSAGES[locale].error;
      const copied = Object.keys(english).filter(
        (key) => english[key as keyof typeof english] === translated[key as keyof typeof translated],
      );
      expect(copied).toEqual([]);
    },
  );

  it.each(LOCALES)('%s keeps every {{placeholder}} of en-US', (locale) => {
    for (const key of reference) {
      const slots = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(slots(translate(locale, key)), key).toEqual(slots(translate('en-US', key)));
    }
  });

  it('has a message for every error code', () => {
    for (const { key } of Object.values(ERRORS)) {
      expect(reference).toContain(`error.${key}`);
    }
  });

  it('error codes are unique', () => {
    const codes = Object.values(ERRORS).map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(ERRORS.LOGGED_IN_ELSEWHERE.code).toBe(1040);
  });
});

describe('translate', () => {
  it('fills placeholders and falls back to the key when a message is missing', () => {
    expect(translate('en-US', 'error.backend_exception', { code: 502 })).toBe(
      'Backend interface 502 exception.',
    );
    expect(translate('ja-JP', 'no.such.key')).toBe('no.such.key');
  });
});

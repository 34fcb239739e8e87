import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirectTarget } from './paths.ts';

describe('safeRedirectTarget', () => {
  it.each([
    ['/chat/abc?x=1', '/chat/abc?x=1'],
    ['/projects', '/projects'],
  ])('keeps the same-site path %s', (value, expected) => {
    expect(safeRedirectTarget(value)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    'https://evil.example',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
  ])('sends %s home', (value) => {
    expect(safeRedirectTarget(value)).toBe('/');
  });

  it('never redirects back to the sign-in page', () => {
    expect(safeRedirectTarget('/login?redirect=/x')).toBe('/');
  });
});

describe('loginPathFor', () => {
  it('encodes the target', () => {
    expect(loginPathFor('/a b?c=d&e')).toBe('/login?redirect=%2Fa%20b%3Fc%3Dd%26e');
  });
});

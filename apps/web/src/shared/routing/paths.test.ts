import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirectTarget } from './paths.ts';

describe('safeRedirectTarget', () => {
  it.each([
    ['/chat/abc?x=1', '/chat/abc?x=1'],
    ['/projects', '/projects'],
    ['/chat/abc?q=a%20b#turn-3', '/chat/abc?q=a%20b#turn-3'],
    ['/agents/x#settings', '/agents/x#settings'],
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
    '/%09/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r//evil.example',
    '/x\\..\\\\evil.example',
    '/%2F%2Fevil.example',
    '/%2f/evil.example',
    '/%5C%5Cevil.example',
    '/\u0000/evil.example',
    ' /evil.example',
  ])('sends %j home', (value) => {
    expect(safeRedirectTarget(value)).toBe('/');
  });

  it('follows /login?redirect=/%09/evil.example home, as the browser reads the query', () => {
    const target = new URLSearchParams('redirect=/%09/evil.example').get('redirect');
    expect(safeRedirectTarget(target)).toBe('/');
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

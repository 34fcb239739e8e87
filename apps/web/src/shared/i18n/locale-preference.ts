import { LOCALE_COOKIE, type Locale, normaliseLocale, pickLocale } from '@tandem/contract/i18n';
import Cookies from 'js-cookie';

export const LOCALE_COOKIE_DAYS = 365;
export const LOCALE_QUERY_PARAM = 'lang';

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * The locale cookie is shared across the product's subdomains: app.example.com
 * writes it for example.com. Hosts without a registrable name (localhost, IPs) keep a host-only cookie.
 */
export function cookieDomainFor(hostname: string): string | undefined {
  const host = hostname.toLowerCase();
  if (!host || IPV4.test(host) || host.includes(':')) return undefined;
  const labels = host.split('.').filter(Boolean);
  if (labels.length < 2) return undefined;
  return labels.slice(-2).join('.');
}

/** Query parameter (a shared link), then the cookie, then the browser's languages, then en-US. */
export function resolveInitialLocale(input: {
  query?: string | null;
  cookie?: string | null;
  browserLanguages?: readonly string[];
}): Locale {
  return (
    normaliseLocale(input.query) ?? normaliseLocale(input.cookie) ?? pickLocale(input.browserLanguages ?? [])
  );
}

export function readLocaleCookie(): string | undefined {
  return Cookies.get(LOCALE_COOKIE);
}

export function writeLocaleCookie(locale: Locale, hostname = location.hostname) {
  const attributes = { expires: LOCALE_COOKIE_DAYS, path: '/', sameSite: 'lax' as const };
  const domain = cookieDomainFor(hostname);
  if (domain) {
    Cookies.set(LOCALE_COOKIE, locale, { ...attributes, domain });
    // A public suffix (example.pages.dev) refuses the shared cookie; fall back to this host alone.
    if (Cookies.get(LOCALE_COOKIE) === locale) return;
  }
  Cookies.set(LOCALE_COOKIE, locale, attributes);
}

export function initialLocale(): Locale {
  const query = new URLSearchParams(location.search).get(LOCALE_QUERY_PARAM);
  return resolveInitialLocale({
    query,
    cookie: readLocaleCookie(),
    browserLanguages: navigator.languages?.length ? navigator.languages : [navigator.language],
  });
}

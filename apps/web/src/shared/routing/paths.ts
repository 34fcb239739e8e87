/** Paths and the redirect query shared by the guard, the sign-in page and the HTTP reactions. */
export const LOGIN_PATH = '/login';
export const HOME_PATH = '/';
export const NOT_FOUND_PATH = '/404';
export const UNAUTHORISED_PATH = '/401';
export const REDIRECT_PARAM = 'redirect';

/** `/login?redirect=<where the user wanted to go>`; plain `/login` for the home page. */
export function loginPathFor(target: string): string {
  return target === HOME_PATH ? LOGIN_PATH : `${LOGIN_PATH}?${REDIRECT_PARAM}=${encodeURIComponent(target)}`;
}

/**
 * What a browser drops or reads as a slash while parsing a URL (tabs, line breaks and other control
 * characters, backslashes), raw or percent-encoded, along with encoded slashes: any of them can turn
 * `/x/evil` into `//evil`, another site.
 */
const ORIGIN_CONFUSING = /[\\]|%(?:[01][0-9a-f]|7f|2f|5c)/i;
const hasControlCharacter = (value: string) =>
  [...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);
const PROBE_ORIGIN = 'https://tandem.invalid';

/** Only same-site paths may be a redirect target, so a crafted link cannot send the user elsewhere. */
export function safeRedirectTarget(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || ORIGIN_CONFUSING.test(value)) return HOME_PATH;
  if (hasControlCharacter(value)) return HOME_PATH;
  if (new URL(value, PROBE_ORIGIN).origin !== PROBE_ORIGIN) return HOME_PATH;
  const pathname = value.split(/[?#]/)[0] ?? '';
  if (pathname === LOGIN_PATH || pathname === `${LOGIN_PATH}/`) return HOME_PATH;
  return value;
}

import { TOKEN_LIFETIME_DAYS } from '@tandem/contract/limits';
import { TOKEN_COOKIE } from '@tandem/contract/system';
import Cookies from 'js-cookie';

const isHttps = () => typeof location !== 'undefined' && location.protocol === 'https:';

export const readTokenCookie = (): string | null => Cookies.get(TOKEN_COOKIE) || null;

export function writeTokenCookie(token: string) {
  Cookies.set(TOKEN_COOKIE, token, {
    expires: TOKEN_LIFETIME_DAYS,
    path: '/',
    sameSite: 'lax',
    secure: isHttps(),
  });
}

export const removeTokenCookie = () => Cookies.remove(TOKEN_COOKIE, { path: '/' });

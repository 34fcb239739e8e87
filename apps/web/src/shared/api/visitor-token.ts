import { VISITOR_TOKEN_STORAGE_KEY } from '@tandem/contract/system';

/**
 * A visitor without an account (a web-public agent's embed) is known to the server by a random secret
 * this browser keeps; the calls carry it only while a visitor page has turned it on and nobody is
 * signed in.
 */
let isVisiting = false;
let memoryToken: string | undefined;

const newToken = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
};

function storedToken(): string {
  try {
    const saved = localStorage.getItem(VISITOR_TOKEN_STORAGE_KEY);
    if (saved) return saved;
    const token = newToken();
    localStorage.setItem(VISITOR_TOKEN_STORAGE_KEY, token);
    return token;
  } catch {
    // Storage refused (a third-party frame in a strict browser): the visit lasts as long as the page.
    memoryToken ??= newToken();
    return memoryToken;
  }
}

export function startVisiting() {
  isVisiting = true;
}

export function stopVisiting() {
  isVisiting = false;
}

/** The visitor token calls carry, while visiting. */
export const visitorToken = (): string | undefined => (isVisiting ? storedToken() : undefined);

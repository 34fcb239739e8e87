import { VISITOR_TOKEN_STORAGE_KEY } from '@tandem/contract/system';
import { keptValue } from './kept-value.ts';

/**
 * A visitor without an account (a web-public agent's embed) is known to the server by a random secret
 * this browser keeps; the calls carry it only while a visitor page has turned it on and nobody is
 * signed in.
 */
let isVisiting = false;

const newToken = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
};

export function startVisiting() {
  isVisiting = true;
}

export function stopVisiting() {
  isVisiting = false;
}

/** The visitor token calls carry, while visiting. */
export const visitorToken = (): string | undefined =>
  isVisiting ? keptValue(VISITOR_TOKEN_STORAGE_KEY, newToken) : undefined;

import { getLocale } from '../i18n/i18n.ts';
import { getSession } from '../session/session-store.ts';
import { readTokenCookie } from '../session/token-cookie.ts';
import { carryPendingNotices, showNotice } from '../ui/notices.ts';
import { getDeviceId } from './device-id.ts';
import { createHttpClient, type HttpReactions } from './http-client.ts';
import { visitorToken } from './visitor-token.ts';

/** Plain-browser reactions until the UI layer binds messages and in-app navigation. */
let reactions: HttpReactions = {
  notify: (notice) => showNotice(notice),
  resetSession: () => getSession().reset(),
  // Before the router binds (the session loader runs first) these load a new page: unshown notices,
  // such as "signed in on another device", travel along.
  goToLogin: () => {
    carryPendingNotices();
    location.assign('/login');
  },
  goToUnauthorised: () => {
    carryPendingNotices();
    location.assign('/401');
  },
  reload: () => location.reload(),
  currentPath: () => location.pathname,
};

export function bindHttpReactions(next: Partial<HttpReactions>) {
  reactions = { ...reactions, ...next };
}

// Fetches a page being left cancels reject after its `pagehide`; one restored from the back-forward cache lives again.
let isLeavingPage = false;
addEventListener('pagehide', () => {
  isLeavingPage = true;
});
addEventListener('pageshow', () => {
  isLeavingPage = false;
});

/** The app's one API client: every feature's `api/` file calls through it. */
export const http = createHttpClient({
  isLeavingPage: () => isLeavingPage,
  getToken: readTokenCookie,
  setToken: (token) => getSession().setToken(token),
  getDeviceId,
  getLocale,
  getVisitorToken: visitorToken,
  reactions: {
    notify: (notice) => reactions.notify(notice),
    resetSession: () => reactions.resetSession(),
    goToLogin: () => reactions.goToLogin(),
    goToUnauthorised: () => reactions.goToUnauthorised(),
    reload: () => reactions.reload(),
    currentPath: () => reactions.currentPath(),
  },
});

import Cookies from 'js-cookie';
import { useQueryClientStore } from '../app/query-client.ts';
import { useIdentityStore } from '../features/account/hooks/identity-store.ts';
import { useDocChatBridge } from '../features/projects/editor/doc-chat-bridge.ts';
import { useLocaleStore } from '../shared/i18n/i18n.ts';
import { getSession, useSessionStore } from '../shared/session/session-store.ts';
import { useThemeStore } from '../shared/theme/theme-store.ts';
import { forgetNotices } from '../shared/ui/notices.ts';
import { setPrefersDark, setScreenWidth } from './dom-setup.ts';

/**
 * The web project runs its files one after another in each worker's window, sharing the modules they
 * import (`isolate: false`): what one file leaves in the page must not reach the next. This module is
 * evaluated once per worker, before any test has run, so it keeps the stores' first states.
 */
const stores = [
  useSessionStore,
  useIdentityStore,
  useThemeStore,
  useLocaleStore,
  useQueryClientStore,
  useDocChatBridge,
];
const firstStates = stores.map((store) => store.getState());

/** Puts the window back as a browser opening the app for the first time finds it. */
export function freshPage() {
  getSession().reset();
  forgetNotices();
  stores.forEach((store, index) => {
    (store.setState as (state: unknown, replace: true) => void)(firstStates[index], true);
  });
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  setScreenWidth(null);
  setPrefersDark(false);
  document.documentElement.removeAttribute('data-theme');
  document.documentElement.removeAttribute('style');
}

import { create } from 'zustand';
import { clearUserStorage } from './browser-storage.ts';
import { pointsOf, routeRolesOf, type SessionUser } from './session-user.ts';
import { readTokenCookie, removeTokenCookie, writeTokenCookie } from './token-cookie.ts';

type SessionState = {
  /** Access token; the `token` cookie is its durable copy. */
  token: string | null;
  user: SessionUser | null;
  roles: string[];
  points: number | null;
  setToken(token: string): void;
  setUser(user: SessionUser): void;
  setPoints(points: number | null): void;
  /** Drops token, user, roles and the user's local storage. */
  reset(): void;
};

const resetListeners = new Set<() => void>();

/** Lets other layers (query cache, realtime connection) drop their state when the session ends. */
export function onSessionReset(listener: () => void): () => void {
  resetListeners.add(listener);
  return () => {
    resetListeners.delete(listener);
  };
}

export const useSessionStore = create<SessionState>()((set) => ({
  token: readTokenCookie(),
  user: null,
  roles: [],
  points: null,
  setToken(token) {
    // A sign-in (not a renewal): old offline copies of documents go. Loaded
    // then, so the sign-in page does not download it.
    if (!readTokenCookie())
      void import('./local-document-caches.ts').then((caches) =>
        caches.runCacheChore(caches.purgeExpiredDocumentCaches),
      );
    writeTokenCookie(token);
    set({ token });
  },
  setUser(user) {
    set({ user, roles: routeRolesOf(user), points: pointsOf(user) });
  },
  setPoints(points) {
    set({ points });
  },
  reset() {
    removeTokenCookie();
    clearUserStorage();
    set({ token: null, user: null, roles: [], points: null });
    for (const listener of resetListeners) listener();
  },
}));

export const getSession = () => useSessionStore.getState();
export const isAuthenticated = () => !!useSessionStore.getState().token;

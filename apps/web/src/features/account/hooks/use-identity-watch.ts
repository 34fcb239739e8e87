import { HEARTBEAT_INTERVAL_MS, IDENTITY_CHECK_INTERVAL_MS } from '@tandem/contract/limits';
import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router';
import { getSession, useSessionStore } from '../../../shared/session/session-store.ts';
import { checkIdentity, reactToIdentityCheck } from '../api/check-identity.ts';
import { sendHeartbeat } from '../api/heartbeat.ts';
import { raiseIdentityChanged } from './identity-store.ts';

const UNWATCHED_PATHS = ['/login', '/register', '/chat-share/*'];

export const isIdentityWatched = (pathname: string) =>
  !UNWATCHED_PATHS.some((pattern) => matchPath(pattern, pathname));

/** One identity check: sync a renewed token, raise the refresh prompt if the account changed. */
export async function runIdentityCheck() {
  // A server without this endpoint yet (404) or a dropped network simply skips a beat.
  const check = await checkIdentity().catch(() => null);
  if (!check) return;
  const session = getSession();
  const reaction = reactToIdentityCheck(check, { token: session.token, userId: session.user?.id });
  if (reaction.syncToken) session.setToken(reaction.syncToken);
  if (reaction.identityChanged) raiseIdentityChanged();
}

/**
 * Every minute, asks the server whose session this browser holds; every five, sends
 * the user heartbeat. Neither runs on the sign-in, registration and shared-chat pages.
 */
export function useIdentityWatch() {
  const { pathname } = useLocation();
  const hasToken = useSessionStore((state) => !!state.token);
  const isActive = hasToken && isIdentityWatched(pathname);

  useEffect(() => {
    if (!isActive) return;
    const check = setInterval(() => void runIdentityCheck(), IDENTITY_CHECK_INTERVAL_MS);
    // A missed beat (a dropped network, a server restarting) is simply skipped.
    const heartbeat = setInterval(() => void sendHeartbeat().catch(() => null), HEARTBEAT_INTERVAL_MS);
    return () => {
      clearInterval(check);
      clearInterval(heartbeat);
    };
  }, [isActive]);
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { getSession, useSessionStore } from '../shared/session/session-store.ts';
import { clientConfigQuery, FALLBACK_CLIENT_CONFIG } from '../shared/system/client-config.ts';

/**
 * Frames every signed-in route. The realtime connection starts here, in a chunk of its own loaded after
 * the page, so the sign-in page never carries the websocket client. It stays open when the user leaves
 * for a public page and closes when the session ends.
 */
export function SignedInFrame() {
  const userId = useSessionStore((state) => state.user?.id);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (userId == null) return;
    let isCurrent = true;
    const config = queryClient.fetchQuery(clientConfigQuery).catch(() => FALLBACK_CLIENT_CONFIG);
    Promise.all([import('./realtime-session.ts'), config])
      .then(([{ startRealtimeSession }, { realtime_url }]) => {
        if (!isCurrent || !getSession().token) return;
        startRealtimeSession({ userId, queryClient, configuredUrl: realtime_url });
      })
      .catch((error: unknown) => console.warn('[realtime] could not start', error));
    return () => {
      isCurrent = false;
    };
  }, [userId, queryClient]);

  return <Outlet />;
}

import { useEffect, useState, useSyncExternalStore } from 'react';
import type { CollaborationSession } from './collaboration-session.ts';
import { colourOf } from './user-colour.ts';

export type Peer = { clientId: number; name: string; color: string };

/** The connection facts of a session, as React state. */
export const useConnectionFacts = (session: CollaborationSession) =>
  useSyncExternalStore(session.subscribe, session.getFacts);

/** Everyone else with the document open now, from the provider's awareness, one entry per person. */
export function usePeers(session: CollaborationSession): Peer[] {
  const [peers, setPeers] = useState<Peer[]>([]);
  useEffect(() => {
    const { provider } = session;
    const read = () => {
      const own = provider.document.clientID;
      const seen = new Map<string, Peer>();
      for (const [clientId, state] of provider.awareness?.getStates() ?? []) {
        const user = (state as { user?: { name?: string; color?: string } }).user;
        if (clientId === own || !user?.name || seen.has(user.name)) continue;
        seen.set(user.name, { clientId, name: user.name, color: user.color ?? colourOf(user.name) });
      }
      setPeers([...seen.values()]);
    };
    read();
    provider.on('awarenessChange', read);
    return () => {
      provider.off('awarenessChange', read);
    };
  }, [session]);
  return peers;
}

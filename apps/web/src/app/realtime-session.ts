import type { QueryClient } from '@tanstack/react-query';
import { raiseSignedOutRemotely } from '../features/account/hooks/identity-store.ts';
import { AGENTS_KEY } from '../features/agents/api/agents.ts';
import { reloadSessionUser } from '../features/teams/api/session.ts';
import { getDeviceId } from '../shared/api/device-id.ts';
import { i18n } from '../shared/i18n/i18n.ts';
import {
  connectRealtime,
  disconnectRealtime,
  realtimeSocketUrl,
} from '../shared/realtime/realtime-client.ts';
import { onRealtimeEvent } from '../shared/realtime/realtime-events.ts';
import { getSession } from '../shared/session/session-store.ts';
import { showNotice } from '../shared/ui/notices.ts';

/**
 * The user handler of the realtime notices: a remote sign-out of this device
 * raises the refresh prompt; a change of team membership reloads the account, whose current team may
 * have changed with it; an agent handed to the user says so and refreshes the agent screens.
 */
export function reactToUserNotifications(queryClient: QueryClient): () => void {
  const stops = [
    onRealtimeEvent('UB:user_logout', ({ device_ids }) => {
      if (!device_ids.includes(getDeviceId())) return;
      // Nothing more will come for a session that has ended.
      disconnectRealtime();
      raiseSignedOutRemotely();
    }),
    onRealtimeEvent('UB:team_member_removed', ({ team_name }) => {
      showNotice({ key: 'team.removed_notice', values: { name: team_name } }, 'warning');
      void refreshAccount(queryClient);
    }),
    onRealtimeEvent('UB:team_join_approved', ({ team_name }) => {
      showNotice({ key: 'team.join_approved_notice', values: { name: team_name } }, 'success');
      void refreshAccount(queryClient);
    }),
    onRealtimeEvent('SA:agent_transferred', ({ agent_name, reason }) => {
      const name = agent_name || i18n.t('agents.untitled');
      const key = reason === 'transfer' ? 'agents.transferred_notice' : 'agents.inherited_notice';
      showNotice({ key, values: { name } }, 'info');
      void queryClient.invalidateQueries({ queryKey: AGENTS_KEY });
    }),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

async function refreshAccount(queryClient: QueryClient) {
  const before = getSession().user?.current_team_id;
  await reloadSessionUser().catch(() => undefined);
  const isSameTeam = getSession().user?.current_team_id === before;
  // Everything the app shows belongs to the current team: when it changed, all of it is stale.
  await queryClient.invalidateQueries(isSameTeam ? { queryKey: ['teams'] } : {});
}

let reactions: { queryClient: QueryClient; stop(): void } | null = null;

/** Connects as the signed-in user and answers the notices; loaded only once someone is signed in. */
export function startRealtimeSession({
  userId,
  queryClient,
  configuredUrl,
}: {
  userId: number | string;
  queryClient: QueryClient;
  configuredUrl: string | undefined;
}) {
  if (reactions?.queryClient !== queryClient) {
    reactions?.stop();
    reactions = { queryClient, stop: reactToUserNotifications(queryClient) };
  }
  connectRealtime({ userId, url: realtimeSocketUrl(configuredUrl, location) });
}

import {
  INVITES_PER_SENDER_PER_DAY,
  INVITES_PER_SENDER_PER_HOUR,
  INVITES_PER_TEAM_PER_DAY,
  INVITES_PER_TEAM_PER_HOUR,
} from '@tandem/contract/limits';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { addHits } from '../../platform/http/rate-limit-store.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The windows an invitation counts in, kept in `rate_limit_hits` beside the per-route limits. */
const windowsOf = (teamId: number, senderId: number) => [
  { key: `invite-team|sender:${senderId}|hour`, windowMs: HOUR_MS, max: INVITES_PER_SENDER_PER_HOUR },
  { key: `invite-team|sender:${senderId}|day`, windowMs: DAY_MS, max: INVITES_PER_SENDER_PER_DAY },
  { key: `invite-team|team:${teamId}|hour`, windowMs: HOUR_MS, max: INVITES_PER_TEAM_PER_HOUR },
  { key: `invite-team|team:${teamId}|day`, windowMs: DAY_MS, max: INVITES_PER_TEAM_PER_DAY },
];

/**
 * Counts `addresses` invitations in every window of the team and the sender, or in none: a call that
 * would pass any limit is refused whole (429, 1004), with `retry_after` the seconds until the windows
 * that refused it have ended. Counted in the database, so every server process shares the limits.
 */
export async function spendInviteQuota(db: Db, teamId: number, senderId: number, addresses: number) {
  await db.transaction(async (tx) => {
    let waitMs = 0;
    for (const window of windowsOf(teamId, senderId)) {
      const hits = await addHits(tx, window.key, window.windowMs, addresses);
      if (hits.current > window.max) waitMs = Math.max(waitMs, hits.ttl);
    }
    // Throwing rolls the counts back: a refused call uses up nothing.
    if (waitMs > 0) {
      throw new AppError('RATE_LIMITED', { data: { retry_after: Math.max(1, Math.ceil(waitMs / 1000)) } });
    }
  });
}

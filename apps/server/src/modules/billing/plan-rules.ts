import { PERIOD_TYPES, YEARLY_ONLY_PLAN_IDS } from '@tandem/contract/billing';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { billingPlans, teamSubscriptions } from '../../db/schema.ts';
import type { SubscriptionRow } from './providers/provider.ts';

/**
 * What a team may buy while its subscription runs: a higher plan, or the same plan on a longer cycle;
 * never the plan and cycle it holds, a lower plan, or monthly on plan 2 or 3. Checked when the order is
 * made and again when it is paid, since a checkout opened earlier can be paid after the plan changed.
 */

export const isLive = (row: SubscriptionRow | undefined): row is SubscriptionRow & { endsAt: Date } =>
  Boolean(row?.endsAt && row.endsAt > new Date());

export async function liveSubscription(db: Db | Tx, teamId: number) {
  const [row] = await db.select().from(teamSubscriptions).where(eq(teamSubscriptions.teamId, teamId));
  return isLive(row) ? row : undefined;
}

/** True when the team's running subscription makes buying `target` a step sideways or down. */
export async function isPlanChangeRefused(
  db: Db | Tx,
  teamId: number,
  target: { verId: number; periodType: number },
): Promise<boolean> {
  const live = await liveSubscription(db, teamId);
  if (!live) return false;
  return refusesChange(db, live, target);
}

/** Whether a team on `live` (a plan and cycle still running) may not buy `target`: see above. */
export async function refusesChange(
  db: Db | Tx,
  live: { verId: number; periodType: number },
  target: { verId: number; periodType: number },
) {
  const plans = await db.select({ verId: billingPlans.verId, sort: billingPlans.sort }).from(billingPlans);
  const sortOf = (verId: number) => plans.find((plan) => plan.verId === verId)?.sort;
  const currentSort = sortOf(live.verId);
  const targetSort = sortOf(target.verId);
  const isSame = live.verId === target.verId && live.periodType === target.periodType;
  const isShorterCycle =
    live.verId === target.verId &&
    live.periodType === PERIOD_TYPES.yearly &&
    target.periodType === PERIOD_TYPES.monthly;
  const isDowngrade = currentSort !== undefined && targetSort !== undefined && targetSort < currentSort;
  const isMonthlyRefused =
    YEARLY_ONLY_PLAN_IDS.includes(live.verId) && target.periodType === PERIOD_TYPES.monthly;
  return isSame || isShorterCycle || isDowngrade || isMonthlyRefused;
}

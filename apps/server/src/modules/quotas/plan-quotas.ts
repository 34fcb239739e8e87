import { GIGABYTE } from '@tandem/contract/billing';
import { FREE_PLAN_MONTHLY_POINTS } from '@tandem/contract/chat';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { billingPlans, pointsLedger, teamPoints, teamSubscriptions } from '../../db/schema.ts';

/** The free plan's numbers when the catalogue has not been written yet (a database still migrating). */
const FALLBACK = {
  verId: 1,
  monthlyPoints: FREE_PLAN_MONTHLY_POINTS,
  storageBytes: GIGABYTE,
  memberLimit: 50,
};
export type TeamQuotas = typeof FALLBACK & { endsAt: Date | null; pricingPlanId: number | null };

/**
 * The plan a team is on now: its subscription's while `ends_at` is ahead, the free plan otherwise.
 * One query; expiry needs no job, it is read from the clock.
 */
export async function teamQuotas(db: Executor, teamId: number): Promise<TeamQuotas> {
  const [paid] = await db
    .select({
      verId: billingPlans.verId,
      monthlyPoints: billingPlans.monthlyPoints,
      storageBytes: billingPlans.storageBytes,
      memberLimit: billingPlans.memberLimit,
      endsAt: teamSubscriptions.endsAt,
      pricingPlanId: teamSubscriptions.pricingPlanId,
    })
    .from(teamSubscriptions)
    .innerJoin(billingPlans, eq(billingPlans.verId, teamSubscriptions.verId))
    .where(and(eq(teamSubscriptions.teamId, teamId), sql`${teamSubscriptions.endsAt} > now()`));
  if (paid) return paid;
  const [free] = await db
    .select({
      verId: billingPlans.verId,
      monthlyPoints: billingPlans.monthlyPoints,
      storageBytes: billingPlans.storageBytes,
      memberLimit: billingPlans.memberLimit,
    })
    .from(billingPlans)
    .where(eq(billingPlans.isFree, true));
  return { ...(free ?? FALLBACK), endsAt: null, pricingPlanId: null };
}

/** A ledger row of the plan's own (no person, reply or model behind it). */
export const planLedgerRow = (
  teamId: number,
  points: number,
  reason: 'plan_grant' | 'plan_purchase' | 'plan_expiry',
) => ({
  teamId,
  userId: null,
  agentId: null,
  conversationId: null,
  messageId: null,
  modelId: null,
  points,
  reason,
});

/** The monthly points of the team's plan now, as SQL (the points renewal sets the balance to it). */
export const monthlyPointsSql = (teamId: number) => sql<number>`coalesce(
  (select p.monthly_points from team_subscriptions s join billing_plans p on p.ver_id = s.ver_id
    where s.team_id = ${teamId} and s.ends_at > now()),
  (select monthly_points from billing_plans where is_free limit 1),
  ${FREE_PLAN_MONTHLY_POINTS})`;

/**
 * A subscription that has ended takes the team back to the free plan's points: the balance is cut to
 * the free quota (never raised), once, with a ledger row. Called before the balance is read or spent.
 */
export async function settleEndedPlan(db: Executor, teamId: number) {
  await db.transaction(async (tx) => {
    const ended = await tx
      .update(teamSubscriptions)
      .set({ expirySettledAt: new Date() })
      .where(
        and(
          eq(teamSubscriptions.teamId, teamId),
          lte(teamSubscriptions.endsAt, sql`now()`),
          isNull(teamSubscriptions.expirySettledAt),
        ),
      )
      .returning({ teamId: teamSubscriptions.teamId });
    if (ended.length === 0) return;
    const free = await teamQuotas(tx, teamId);
    const [before] = await tx
      .select({ balance: teamPoints.balance })
      .from(teamPoints)
      .where(eq(teamPoints.teamId, teamId))
      .for('update');
    if (!before || before.balance <= free.monthlyPoints) return;
    await tx
      .update(teamPoints)
      .set({ balance: free.monthlyPoints, updatedAt: new Date() })
      .where(eq(teamPoints.teamId, teamId));
    await tx
      .insert(pointsLedger)
      .values(planLedgerRow(teamId, free.monthlyPoints - before.balance, 'plan_expiry'));
  });
}

/** Teams whose subscription has ended but whose points were not cut yet (the heartbeat settles them). */
export async function endedUnsettledTeams(db: Executor): Promise<number[]> {
  const rows = await db
    .select({ teamId: teamSubscriptions.teamId })
    .from(teamSubscriptions)
    .where(and(lte(teamSubscriptions.endsAt, sql`now()`), isNull(teamSubscriptions.expirySettledAt)))
    .limit(100);
  return rows.map((row) => row.teamId);
}

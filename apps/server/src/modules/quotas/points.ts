import { FREE_PLAN_MONTHLY_POINTS } from '@tandem/contract/chat';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import type { PointsReason } from '../../db/schema/chat.ts';
import { pointsLedger, teamPoints } from '../../db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { monthlyPointsSql, planLedgerRow, settleEndedPlan } from './plan-quotas.ts';

/**
 * The points ledger. A team's balance lives in `team_points` (a team without a row yet has the free
 * plan's monthly points: the row is made on first use); every change writes a ledger row beside it.
 */

const monthStart = sql`date_trunc('month', now())`;

/**
 * A new month gives the team its plan's monthly points again: the balance is set to the quota (what was left
 * of last month's does not carry over) with a `plan_grant` ledger row. Conditional on the period, so
 * of any number of concurrent calls one renews and the rest change nothing.
 */
export async function renewMonthlyPoints(db: Executor, teamId: number) {
  await settleEndedPlan(db, teamId);
  const renewed = await db
    .update(teamPoints)
    .set({ balance: monthlyPointsSql(teamId), periodStart: monthStart, updatedAt: new Date() })
    .where(and(eq(teamPoints.teamId, teamId), lt(teamPoints.periodStart, monthStart)))
    .returning({ balance: teamPoints.balance });
  const [grant] = renewed;
  if (!grant) return;
  await db.insert(pointsLedger).values(planLedgerRow(teamId, grant.balance, 'plan_grant'));
}

/** The team's points left (this month's, once a new month has renewed them). */
export async function pointsBalance(db: Executor, teamId: number): Promise<number> {
  await renewMonthlyPoints(db, teamId);
  const [row] = await db
    .select({ balance: teamPoints.balance })
    .from(teamPoints)
    .where(eq(teamPoints.teamId, teamId));
  return row?.balance ?? FREE_PLAN_MONTHLY_POINTS;
}

export type LedgerEntry = {
  teamId: number;
  userId: number | null;
  agentId: number | null;
  conversationId: string | null;
  messageId: number | null;
  modelId: number | null;
  points: number;
};

/**
 * Makes the team's points row this month's: the free plan's seed for a team that has none yet, a new
 * month's grant (`renewMonthlyPoints`). A send's debit (`startExchange`) matches only such a row.
 */
export async function preparePoints(db: Executor, teamId: number) {
  await db.insert(teamPoints).values({ teamId }).onConflictDoNothing();
  await renewMonthlyPoints(db, teamId);
}

/** Gives back a debit whose reply failed. */
export async function refundPoints(db: Executor, entry: LedgerEntry, reason: PointsReason = 'chat_refund') {
  if (entry.points <= 0) return;
  await db.transaction(async (tx) => {
    await tx
      .update(teamPoints)
      .set({ balance: sql`${teamPoints.balance} + ${entry.points}`, updatedAt: new Date() })
      .where(eq(teamPoints.teamId, entry.teamId));
    await tx.insert(pointsLedger).values({ ...entry, reason });
  });
}

/**
 * Takes a model call's points from the team, with its ledger row, for calls outside a conversation
 * (chat debits in `chat_start_exchange`). One conditional update, so racing calls never take the
 * balance below zero; a team without enough left gets chat's errors: quota exceeded when nothing is
 * left, not enough points otherwise.
 */
export async function debitPoints(db: Db, entry: LedgerEntry, reason: PointsReason) {
  if (entry.points <= 0) return;
  await preparePoints(db, entry.teamId);
  const isDebited = await db.transaction(async (tx) => {
    const [debited] = await tx
      .update(teamPoints)
      .set({ balance: sql`${teamPoints.balance} - ${entry.points}`, updatedAt: new Date() })
      .where(and(eq(teamPoints.teamId, entry.teamId), gte(teamPoints.balance, entry.points)))
      .returning({ balance: teamPoints.balance });
    if (debited) await tx.insert(pointsLedger).values({ ...entry, points: -entry.points, reason });
    return debited !== undefined;
  });
  if (isDebited) return;
  throw new AppError((await pointsBalance(db, entry.teamId)) === 0 ? 'QUOTA_EXCEEDED' : 'POINTS_NOT_ENOUGH');
}

/** Sets a team's balance (plans, and tests). */
export async function setPointsBalance(db: Executor, teamId: number, balance: number) {
  await db
    .insert(teamPoints)
    .values({ teamId, balance })
    .onConflictDoUpdate({ target: teamPoints.teamId, set: { balance, updatedAt: new Date() } });
}

import { FREE_PLAN_MONTHLY_POINTS } from '@tandem/contract/chat';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentApi } from '../../../test/agents.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { pointsLedger, teamPoints } from '../../db/schema.ts';
import { identityCacheOf } from '../../platform/auth/identity-cache.ts';
import { setPointsBalance } from './points.ts';

const ctx = useTestApp();
const { team, balanceOf } = agentApi(ctx);

const grantsOf = (teamId: number) =>
  ctx.database.db
    .select()
    .from(pointsLedger)
    .where(and(eq(pointsLedger.teamId, teamId), eq(pointsLedger.reason, 'plan_grant')));

describe('the monthly points', () => {
  it('are given again in a new month, without last month’s leftovers, once however many ask at once', async () => {
    const { owner, teamId } = await team();
    const { db } = ctx.database;
    await setPointsBalance(db, teamId, 37);
    expect(await balanceOf(owner.token)).toBe(37);
    expect(await grantsOf(teamId)).toHaveLength(0);

    // The month the balance was granted for has passed.
    await db
      .update(teamPoints)
      .set({ periodStart: sql`date_trunc('month', now()) - interval '1 month'` })
      .where(eq(teamPoints.teamId, teamId));
    // As when the cached account has expired.
    identityCacheOf(db).forgetAllAccounts();
    const balances = await Promise.all(Array.from({ length: 8 }, () => balanceOf(owner.token)));
    expect(new Set(balances)).toEqual(new Set([FREE_PLAN_MONTHLY_POINTS]));
    expect(await grantsOf(teamId)).toMatchObject([{ points: FREE_PLAN_MONTHLY_POINTS, userId: null }]);

    // Within the month nothing more is given.
    await setPointsBalance(db, teamId, 5);
    identityCacheOf(db).forgetAllAccounts();
    expect(await balanceOf(owner.token)).toBe(5);
    expect(await grantsOf(teamId)).toHaveLength(1);
  });
});

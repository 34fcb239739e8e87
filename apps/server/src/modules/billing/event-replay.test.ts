import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentApi } from '../../../test/agents.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { billingOrders, pointsLedger, teamPoints, teamSubscriptions } from '../../db/schema.ts';
import { type PaymentEvent, processPaymentEvent } from './payment-events.ts';

const ctx = useTestApp();
const { data, person } = agentApi(ctx);

const DAY = 24 * 3600 * 1000;
const PLAN_POINTS: Record<number, number> = { 3: 20000, 4: 100000 };
const TEAMS = 20;
const DELIVERIES = 1000;

/** A seeded generator, so a failure replays the same way. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x9e3779b9) >>> 0;
    return state / 2 ** 32;
  };
}

type Expected = {
  verId: number;
  endsAt: number;
  cancel: boolean;
  points: number;
  paid: string[];
  failed: string[];
};

/**
 * One team's history: a first purchase, maybe an upgrade, a failed attempt, cancels and restores,
 * in time order; and what the team must look like once all of it has been processed.
 */
async function scenario(teamId: number, index: number, rand: () => number) {
  const t0 = Date.now() - 20 * DAY + index * 1000;
  const events: PaymentEvent[] = [];
  const expected: Expected = { verId: 0, endsAt: 0, cancel: false, points: 1000, paid: [], failed: [] };
  let time = t0;
  let serial = 0;
  const order = async (verId: number, periodType: number) => {
    const orderNo = `T${teamId}-${serial++}`;
    await ctx.database.db.insert(billingOrders).values({
      orderNo,
      teamId,
      verId,
      pricingPlanId: verId * 10 + periodType,
      periodType,
      amount: 100,
      currency: 'CNY',
      provider: 'sandbox',
    });
    return orderNo;
  };
  const at = () => {
    time += Math.floor(rand() * DAY) + 1000;
    return new Date(time);
  };
  const paid = async (verId: number) => {
    const orderNo = await order(verId, 2);
    const occurredAt = at();
    const end = occurredAt.getTime() + 365 * DAY;
    events.push({
      id: `evt_${orderNo}_paid`,
      provider: 'sandbox',
      teamId,
      occurredAt,
      type: 'order.paid',
      payload: {
        order_no: orderNo,
        ver_id: verId,
        pricing_plan_id: verId * 10 + 2,
        period_type: 2,
        amount: 100,
        currency: 'CNY',
        period_start: occurredAt.toISOString(),
        period_end: new Date(end).toISOString(),
        is_renewal: false,
      },
    });
    expected.verId = verId;
    expected.endsAt = Math.max(expected.endsAt, end);
    expected.cancel = false;
    expected.points += PLAN_POINTS[verId] ?? 0;
    expected.paid.push(orderNo);
  };
  const failed = async () => {
    const orderNo = await order(4, 2);
    events.push({
      id: `evt_${orderNo}_failed`,
      provider: 'sandbox',
      teamId,
      occurredAt: at(),
      type: 'order.failed',
      payload: { order_no: orderNo },
    });
    expected.failed.push(orderNo);
  };
  const autoRenew = (on: boolean) => {
    events.push({
      id: `evt_${teamId}_${serial++}_sub`,
      provider: 'sandbox',
      teamId,
      occurredAt: at(),
      type: 'subscription.updated',
      payload: { cancel_at_period_end: !on, reason: on ? null : 'price' },
    });
    expected.cancel = !on;
  };

  await paid(3);
  if (rand() < 0.5) await failed();
  if (rand() < 0.6) autoRenew(false);
  if (rand() < 0.5) autoRenew(true);
  if (rand() < 0.5) await paid(4);
  if (rand() < 0.5) autoRenew(false);
  return { events, expected };
}

describe('replaying payment events', () => {
  it('1,000 deliveries, shuffled and duplicated, leave every team’s plan, quota and ledger as their time order says', async () => {
    const rand = random(20261125);
    const teams: { teamId: number; token: string; expected: Expected }[] = [];
    const unique: PaymentEvent[] = [];
    for (let index = 0; index < TEAMS; index++) {
      const who = await person();
      const teamId = (await data('GET', '/api/user/account', who.token)).current_team_id as number;
      const { events, expected } = await scenario(teamId, index, rand);
      teams.push({ teamId, token: who.token, expected });
      unique.push(...events);
    }
    // Every event at least once, the rest duplicates, all in random order.
    const deliveries = [...unique];
    while (deliveries.length < DELIVERIES)
      deliveries.push(unique[Math.floor(rand() * unique.length)] as PaymentEvent);
    for (let i = deliveries.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [deliveries[i], deliveries[j]] = [deliveries[j] as PaymentEvent, deliveries[i] as PaymentEvent];
    }
    const outcomes = { processed: 0, duplicate: 0, refused: 0 };
    // Ten at a time: concurrent deliveries of one team's events too.
    for (let i = 0; i < deliveries.length; i += 10) {
      const batch = deliveries.slice(i, i + 10);
      for (const outcome of await Promise.all(
        batch.map((event) => processPaymentEvent(ctx.database.db, event)),
      )) {
        outcomes[outcome] += 1;
      }
    }
    expect(outcomes).toEqual({ processed: unique.length, duplicate: DELIVERIES - unique.length, refused: 0 });

    const { db } = ctx.database;
    for (const { teamId, token, expected } of teams) {
      const [subscription] = await db
        .select()
        .from(teamSubscriptions)
        .where(eq(teamSubscriptions.teamId, teamId));
      expect(subscription, `team ${teamId}`).toMatchObject({
        verId: expected.verId,
        cancelAtPeriodEnd: expected.cancel,
      });
      expect(subscription?.endsAt?.getTime()).toBe(expected.endsAt);
      const [points] = await db.select().from(teamPoints).where(eq(teamPoints.teamId, teamId));
      expect(points?.balance, `team ${teamId} points`).toBe(expected.points);
      const grants = await db
        .select()
        .from(pointsLedger)
        .where(and(eq(pointsLedger.teamId, teamId), eq(pointsLedger.reason, 'plan_purchase')));
      expect(grants).toHaveLength(expected.paid.length);
      const orders = await db.select().from(billingOrders).where(eq(billingOrders.teamId, teamId));
      const statusOf = new Map(orders.map((row) => [row.orderNo, row.status]));
      for (const orderNo of expected.paid) expect(statusOf.get(orderNo)).toBe(1);
      for (const orderNo of expected.failed) expect(statusOf.get(orderNo)).toBe(2);
      const current = await data('GET', '/api/team/curr-ver-packet-data', token);
      expect(current).toMatchObject({
        ver_id: expected.verId,
        points_quota_surplus_numerical: expected.points,
      });
    }
    const orderNos = teams.flatMap((team) => team.expected.paid);
    const paidRows = await db.select().from(billingOrders).where(inArray(billingOrders.orderNo, orderNos));
    expect(paidRows.every((row) => row.status === 1)).toBe(true);
  });

  it('leaves no paid points to a team whose subscription ended, when a purchase arrives after the end was settled', async () => {
    const who = await person();
    const teamId = (await data('GET', '/api/user/account', who.token)).current_team_id as number;
    const t0 = Date.now() - 10 * DAY;
    const first = await scenarioOrder(teamId, 'L1', 3);
    const upgrade = await scenarioOrder(teamId, 'L2', 4);
    const paid = (orderNo: string, verId: number, at: number): PaymentEvent => ({
      id: `evt_${orderNo}`,
      provider: 'sandbox',
      teamId,
      occurredAt: new Date(at),
      type: 'order.paid',
      payload: {
        order_no: orderNo,
        ver_id: verId,
        pricing_plan_id: null,
        period_type: 2,
        amount: 100,
        currency: 'CNY',
        period_start: new Date(at).toISOString(),
        period_end: new Date(at + 365 * DAY).toISOString(),
        is_renewal: false,
      },
    });
    const { db } = ctx.database;
    await processPaymentEvent(db, paid(first, 3, t0));
    await processPaymentEvent(db, {
      id: `evt_${teamId}_ended`,
      provider: 'sandbox',
      teamId,
      occurredAt: new Date(t0 + 2 * DAY),
      type: 'subscription.ended',
      payload: { ended_at: new Date(t0 + 2 * DAY).toISOString() },
    });
    expect(
      (await data('GET', '/api/team/curr-ver-packet-data', who.token)).points_quota_surplus_numerical,
    ).toBe(1000);
    // The upgrade paid the day before the end arrives only now.
    await processPaymentEvent(db, paid(upgrade, 4, t0 + DAY));
    const current = await data('GET', '/api/team/curr-ver-packet-data', who.token);
    expect(current).toMatchObject({ ver_id: 1, points_quota_surplus_numerical: 1000 });
    expect(await grantsOf(teamId)).toHaveLength(2);
  });
});

async function scenarioOrder(teamId: number, suffix: string, verId: number) {
  const orderNo = `T${teamId}-${suffix}`;
  await ctx.database.db.insert(billingOrders).values({
    orderNo,
    teamId,
    verId,
    pricingPlanId: null,
    periodType: 2,
    amount: 100,
    currency: 'CNY',
    provider: 'sandbox',
  });
  return orderNo;
}

const grantsOf = (teamId: number) =>
  ctx.database.db
    .select()
    .from(pointsLedger)
    .where(and(eq(pointsLedger.teamId, teamId), eq(pointsLedger.reason, 'plan_purchase')));

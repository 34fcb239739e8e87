import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { billingApi } from '../../../test/billing.ts';
import { tinyPng } from '../../../test/factories.ts';
import { projectApi } from '../../../test/projects.ts';
import { useTestApp } from '../../../test/test-app.ts';
import {
  billingOrders,
  pointsLedger,
  sandboxSessions,
  teamPaymentMethods,
  teamPoints,
  teamSubscriptions,
} from '../../db/schema.ts';
import defaults from '../quotas/default-plans.json' with { type: 'json' };
import { createBilling } from './billing.ts';

/** A catalogue whose free plan is tiny: three members, 2,000 bytes of storage. */
const plansFile = join(tmpdir(), `tandem-plans-${process.pid}.json`);
writeFileSync(
  plansFile,
  JSON.stringify({
    plans: defaults.plans.map((plan) =>
      plan.ver_id === 1 ? { ...plan, member_limit: 3, storage_gb: 2000 / 1024 ** 3 } : plan,
    ),
  }),
);

const ctx = useTestApp({ BILLING_PLANS_FILE: plansFile, BILLING_CURRENCY: 'USD' });
const { call, data, team, person, buy, checkout, plan, subscription, order } = billingApi(ctx);
const { project, doc, writeState, uploadInto } = projectApi(ctx);
const billing = () =>
  createBilling({ db: ctx.database.db, config: ctx.config, log: pino({ level: 'silent' }) });

describe('the plan’s quotas', () => {
  it('prices plans in the operator’s currency', async () => {
    const { owner } = await team('Dollar Works');
    const plans = await data('GET', '/api/team/all-ver-packet-data', owner.token);
    expect(plans[1].pricing_plans[0]).toMatchObject({ price: 1500, currency: 'USD' });
  });

  it('refuses members past the limit, to join and to be approved, until a bigger plan', async () => {
    const { owner, join } = await team('Full Works');
    await join(await person());
    await join(await person());
    const fourth = await person();
    const { invite_code } = await data('POST', '/api/team/get-invite-code', owner.token, { is_reset: 0 });
    const refused = await call('POST', '/api/team/join-team', fourth.token, { invite_code });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe(2318);

    await data('POST', '/api/team/apply-status-set', owner.token, { apply_audit: 1 });
    await data('POST', '/api/team/join-team', fourth.token, { invite_code });
    const [application] = (await data('GET', '/api/team/apply-list?page=1&page_size=10', owner.token)).data;
    const approve = await call('POST', '/api/team/apply-audit', owner.token, {
      ids: [application.id],
      status: 1,
    });
    expect(approve.body.code).toBe(2318);

    await buy(owner, 31);
    expect(
      (await call('POST', '/api/team/apply-audit', owner.token, { ids: [application.id], status: 1 })).status,
    ).toBe(200);
    expect((await plan(owner)).member_count).toBe(4);
  });

  it('refuses an upload past the storage quota with a clear error, and takes it on a bigger plan', async () => {
    const { owner } = await team('Storage Full Works');
    const { id: projectId } = await project(owner.token);
    const page = await doc(owner.token, projectId);
    const image = tinyPng();
    await writeState(page, 2000 - image.length + 1);
    const refused = await uploadInto(owner.token, page, image);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().code).toBe(2317);
    await buy(owner, 31);
    expect((await uploadInto(owner.token, page, image)).statusCode).toBe(200);
  });
});

describe('the monthly points', () => {
  it('renew to the plan’s monthly points, not the free plan’s', async () => {
    const { owner, teamId } = await team('Monthly Works');
    await buy(owner, 31);
    await ctx.database.db
      .update(teamPoints)
      .set({ balance: 5, periodStart: sql`date_trunc('month', now()) - interval '1 month'` })
      .where(eq(teamPoints.teamId, teamId));
    expect((await plan(owner)).points_quota_surplus_numerical).toBe(20000);
    const grants = await ctx.database.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.teamId, teamId), eq(pointsLedger.reason, 'plan_grant')));
    expect(grants.map((grant) => grant.points)).toEqual([20000]);
  });
});

describe('the provider’s side', () => {
  it('renews a due subscription with the saved card at the end of its period', async () => {
    const { owner, teamId } = await team('Renewal Works');
    await buy(owner, 31);
    const before = await subscription(owner);
    const dueAt = new Date(Date.now() - 1000);
    await ctx.database.db
      .update(teamSubscriptions)
      .set({ endsAt: dueAt })
      .where(eq(teamSubscriptions.teamId, teamId));
    await billing().beat();
    await billing().beat();
    const after = await subscription(owner);
    expect(after).toMatchObject({ plan_id: 3, status: 0 });
    expect(new Date(after.ends_at).getTime()).toBeGreaterThan(Date.now() + 27 * 24 * 3600 * 1000);
    const bills = await data('POST', '/api/order/get-order-list', owner.token, { page: 1, page_size: 10 });
    expect(bills.data.map((bill: { order_status: number }) => bill.order_status)).toEqual([1, 1]);
    // The renewal grants no purchase: the month's points come with the monthly renewal.
    expect((await plan(owner)).points_quota_surplus_numerical).toBe(1000 + 20000);
    expect(before.plan_id).toBe(3);
  });

  it('ends a due subscription whose card is gone, back to the free plan', async () => {
    const { owner, teamId } = await team('Lapsed Works');
    await buy(owner, 31);
    await ctx.database.db
      .update(teamSubscriptions)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(teamSubscriptions.teamId, teamId));
    await ctx.database.db.delete(teamPaymentMethods).where(eq(teamPaymentMethods.teamId, teamId));
    await billing().beat();
    expect(await plan(owner)).toMatchObject({ ver_id: 1, points_quota_surplus_numerical: 1000 });
    const bills = await data('POST', '/api/order/get-order-list', owner.token, { page: 1, page_size: 10 });
    expect(bills.data.map((bill: { order_status: number }) => bill.order_status)).toEqual([2, 1]);
  });

  it('reconciles at start an order the provider took the money for before the grant', async () => {
    const { owner } = await team('Crash Works');
    const { orderNo, sessionId } = await checkout(owner, 32);
    // The charge happened on the provider's side; the process died before the event was processed.
    await ctx.database.db
      .update(sandboxSessions)
      .set({ status: 'paid', paidAt: new Date() })
      .where(eq(sandboxSessions.sessionId, sessionId!));
    expect((await order(owner, orderNo)).order_status).toBe(0);
    await billing().start();
    await billing().start();
    expect((await order(owner, orderNo)).order_status).toBe(1);
    expect(await plan(owner)).toMatchObject({ ver_id: 3, points_quota_surplus_numerical: 21000 });
    const [row] = await ctx.database.db
      .select()
      .from(billingOrders)
      .where(and(eq(billingOrders.orderNo, orderNo)));
    expect(row?.paidAt).toBeTruthy();
  });
});

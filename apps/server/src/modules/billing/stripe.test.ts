import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingApi } from '../../../test/billing.ts';
import { type FakeStripe, startFakeStripe } from '../../../test/fake-stripe.ts';
import { invoicePaid, signature, subscriptionEvent, WEBHOOK_SECRET } from '../../../test/stripe-events.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { billingOrders, pointsLedger, teamPoints, teamSubscriptions } from '../../db/schema.ts';
import defaults from '../quotas/default-plans.json' with { type: 'json' };
import { createBilling } from './billing.ts';

const PRICES: Record<number, string> = {
  31: 'price_std_m',
  32: 'price_std_y',
  41: 'price_pro_m',
  42: 'price_pro_y',
};
const plansFile = join(tmpdir(), `tandem-stripe-plans-${process.pid}.json`);
writeFileSync(
  plansFile,
  JSON.stringify({
    plans: defaults.plans.map((plan) => ({
      ...plan,
      pricing_plans: plan.pricing_plans.map((price) => ({
        ...price,
        stripe_price_id: PRICES[price.plan_id],
      })),
    })),
  }),
);

let fake: FakeStripe;
const env: Record<string, string> = {
  BILLING_PLANS_FILE: plansFile,
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_billing',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
};
beforeAll(async () => {
  fake = await startFakeStripe();
  env.STRIPE_API_URL = fake.url;
});
afterAll(() => fake?.close());
const ctx = useTestApp(env);
const { call, data, team, person, plan, subscription, order } = billingApi(ctx);

const now = () => Math.floor(Date.now() / 1000);

/** The team's points balance. */
async function points(teamId: number) {
  const [row] = await ctx.database.db.select().from(teamPoints).where(eq(teamPoints.teamId, teamId));
  return row?.balance ?? 0;
}

async function deliver(event: object, signed = true) {
  const payload = JSON.stringify(event);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payment/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signed ? signature(payload) : 't=1,v1=bad',
    },
    payload,
  });
}

async function purchaseGrants(teamId: number) {
  return ctx.database.db
    .select()
    .from(pointsLedger)
    .where(and(eq(pointsLedger.teamId, teamId), eq(pointsLedger.reason, 'plan_purchase')));
}

describe('Stripe as the provider', () => {
  it('names itself with the publishable key, and opens Stripe Checkout for the plan’s price', async () => {
    const { owner, teamId } = await team('Stripe Works');
    expect(await data('GET', '/api/user/get-stripe-key', owner.token)).toEqual({
      provider: 'stripe',
      publishable_key: 'pk_test_billing',
    });
    const opened = await data('POST', '/api/user/create-checkout-session', owner.token, { plan_id: 32 });
    expect(opened.checkout_url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/cs_test_/);
    const created = fake.calls.find((c) => c.path === '/v1/checkout/sessions');
    expect(created?.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_std_y',
      'metadata[order_no]': opened.order.order_no,
      'metadata[team_id]': String(teamId),
      'subscription_data[metadata][order_no]': opened.order.order_no,
    });
    // The sandbox's own pages do not exist next to Stripe.
    expect((await call('POST', '/api/payment/sandbox/pay', undefined, {})).status).toBe(404);
  });

  it('takes a signed invoice.paid once, refuses a bad signature, and keeps Stripe’s invoice for the bill', async () => {
    const { owner, teamId } = await team('Webhook Works');
    const opened = await data('POST', '/api/user/create-checkout-session', owner.token, { plan_id: 32 });
    const paid = invoicePaid({
      eventId: 'evt_paid_1',
      teamId,
      invoiceId: 'in_1',
      priceId: 'price_std_y',
      orderNo: opened.order.order_no,
      created: now(),
    });
    const forged = await deliver(paid, false);
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe(2319);
    expect((await order(owner, opened.order.order_no)).order_status).toBe(0);
    expect((await deliver(paid)).json().data.outcome).toBe('processed');
    expect((await deliver(paid)).json().data.outcome).toBe('duplicate');
    expect(await plan(owner)).toMatchObject({ ver_id: 3, points_quota_surplus_numerical: 21000 });
    expect(await purchaseGrants(teamId)).toHaveLength(1);
    expect(await data('GET', '/api/user/get-default-payment-method', owner.token)).toMatchObject({
      card_brand: 'visa',
      card_last4: '4242',
    });
    const [bill] = (await data('POST', '/api/order/get-order-list', owner.token, { page: 1, page_size: 10 }))
      .data;
    expect(await data('POST', '/api/order/down-invoice-pdf', owner.token, { order_id: bill.id })).toEqual({
      has_invoice: 1,
      invoice_pdf: 'https://pay.stripe.test/invoice/in_1/pdf',
    });
    // A tampered body with a real signature of another body is refused too.
    const payload = JSON.stringify(paid);
    const tampered = await ctx.app.inject({
      method: 'POST',
      url: '/api/payment/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature(payload) },
      payload: payload.replace('95000', '1'),
    });
    expect(tampered.statusCode).toBe(400);
  });

  it('cancels and restores through the subscription, upgrades through a subscription change, renews by invoice', async () => {
    const { owner, teamId } = await team('Lifecycle Works');
    const first = await data('POST', '/api/user/create-checkout-session', owner.token, { plan_id: 32 });
    const t0 = now() - 100;
    await deliver(
      invoicePaid({
        eventId: 'evt_l1',
        teamId,
        invoiceId: 'in_l1',
        priceId: 'price_std_y',
        orderNo: first.order.order_no,
        created: t0,
      }),
    );

    await data('POST', '/api/user/handle-subscription', owner.token, {
      action: 'cancel',
      reason: 'features',
    });
    const cancel = fake.calls
      .filter((c) => c.path === `/v1/subscriptions/sub_team_${teamId}` && c.method === 'POST')
      .at(-1);
    expect(cancel?.form).toMatchObject({
      cancel_at_period_end: 'true',
      'metadata[cancel_reason]': 'features',
    });
    expect(await subscription(owner)).toMatchObject({ status: 1, auto_renew: 0 });
    await data('POST', '/api/user/handle-subscription', owner.token, { action: 'renew', reason: 1 });
    expect(await subscription(owner)).toMatchObject({ status: 0, auto_renew: 1 });

    const upgrade = await data('POST', '/api/user/create-checkout-session', owner.token, { plan_id: 42 });
    expect(upgrade.checkout_url).toBeNull();
    const change = fake.calls
      .filter((c) => c.method === 'POST' && c.path === `/v1/subscriptions/sub_team_${teamId}`)
      .at(-1);
    expect(change?.form).toMatchObject({
      'items[0][price]': 'price_pro_y',
      proration_behavior: 'always_invoice',
      'billing_cycle_anchor[type]': 'now',
      'metadata[order_no]': upgrade.order.order_no,
    });
    expect((await order(owner, upgrade.order.order_no)).order_status).toBe(0);
    await deliver(
      invoicePaid({
        eventId: 'evt_l2',
        teamId,
        invoiceId: 'in_l2',
        priceId: 'price_pro_y',
        orderNo: upgrade.order.order_no,
        reason: 'subscription_update',
        created: t0 + 50,
      }),
    );
    expect((await order(owner, upgrade.order.order_no)).order_status).toBe(1);
    expect(await plan(owner)).toMatchObject({ ver_id: 4, points_quota_surplus_numerical: 121000 });

    // A renewal: a bill of its own, the period extended, no purchase grant.
    await deliver(
      invoicePaid({
        eventId: 'evt_l3',
        teamId,
        invoiceId: 'in_l3',
        priceId: 'price_pro_y',
        reason: 'subscription_cycle',
        created: t0 + 60,
        periodDays: 730,
      }),
    );
    const bills = await data('POST', '/api/order/get-order-list', owner.token, { page: 1, page_size: 10 });
    expect(bills.data.map((bill: { order_no: string }) => bill.order_no)).toContain('inv_in_l3');
    expect(await purchaseGrants(teamId)).toHaveLength(2);
    const ends = new Date((await subscription(owner)).ends_at).getTime();
    expect(ends).toBeGreaterThan(Date.now() + 700 * 24 * 3600 * 1000);

    // Stripe ends it: the team is on the free plan again.
    await deliver(
      subscriptionEvent({
        eventId: 'evt_l4',
        teamId,
        type: 'customer.subscription.deleted',
        created: t0 + 70,
        endedAt: t0 + 70,
      }),
    );
    expect(await plan(owner)).toMatchObject({ ver_id: 1, points_quota_surplus_numerical: 1000 });
  });

  it('saves a card confirmed with Stripe as the customer’s default', async () => {
    const { owner, teamId } = await team('Stripe Card Works');
    const first = await data('POST', '/api/user/create-checkout-session', owner.token, { plan_id: 31 });
    await deliver(
      invoicePaid({
        eventId: 'evt_c1',
        teamId,
        invoiceId: 'in_c1',
        priceId: 'price_std_m',
        orderNo: first.order.order_no,
        created: now(),
        periodDays: 30,
      }),
    );
    const { client_secret } = await data('POST', '/api/user/create-setup-intent', owner.token);
    expect(client_secret).toMatch(/_secret_/);
    fake.paymentMethods.set('pm_new', {
      id: 'pm_new',
      object: 'payment_method',
      customer: null,
      card: { brand: 'mastercard', last4: '4444', exp_month: 1, exp_year: 2031 },
    });
    await data('POST', '/api/user/update-payment-method', owner.token, { payment_method_id: 'pm_new' });
    expect(
      fake.calls.some(
        (c) =>
          c.path === `/v1/customers/cus_team_${teamId}` &&
          c.form['invoice_settings[default_payment_method]'] === 'pm_new',
      ),
    ).toBe(true);
    expect(await data('GET', '/api/user/get-default-payment-method', owner.token)).toMatchObject({
      card_last4: '4444',
    });
    // Another customer's card is refused.
    fake.paymentMethods.set('pm_other', {
      id: 'pm_other',
      object: 'payment_method',
      customer: 'cus_someone',
      card: {},
    });
    const refused = await call('POST', '/api/user/update-payment-method', owner.token, {
      payment_method_id: 'pm_other',
    });
    expect(refused.body.code).toBe(2307);
  });

  it('expires the team’s other open Checkout sessions when one is paid, and cancels their orders', async () => {
    const { owner, teamId } = await team('Stripe Stale Works');
    const older = await data('POST', '/api/user/create-checkout-session', owner.token, { plan_id: 31 });
    const paid = await data('POST', '/api/user/create-checkout-session', owner.token, { plan_id: 42 });
    const olderSession = String(older.checkout_url).split('/').pop()!;
    const paidSession = String(paid.checkout_url).split('/').pop()!;
    await deliver(
      invoicePaid({
        eventId: 'evt_stale_1',
        teamId,
        invoiceId: 'in_stale_1',
        priceId: 'price_pro_y',
        orderNo: paid.order.order_no,
        created: now(),
      }),
    );
    const expired = fake.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/expire'));
    expect(expired.map((c) => c.path)).toEqual([`/v1/checkout/sessions/${olderSession}/expire`]);
    expect(fake.sessions.get(olderSession)?.status).toBe('expired');
    expect(fake.sessions.get(paidSession)?.status).toBe('open');
    expect((await order(owner, older.order.order_no)).order_status).toBe(2);
    expect(await subscription(owner)).toMatchObject({ plan_id: 4, period_type: 2 });
  });

  it('refunds a checkout paid after another made its plan change a step down, and keeps the plan paid first', async () => {
    const { owner, teamId } = await team('Stripe Race Works');
    const standard = await data('POST', '/api/user/create-checkout-session', owner.token, { plan_id: 31 });
    const pro = await data('POST', '/api/user/create-checkout-session', owner.token, { plan_id: 42 });
    // Pro yearly is paid first; the Standard monthly checkout, open in another tab, is paid a minute
    // later, before the expiry of the other sessions reached Stripe.
    const paidAt = now();
    await deliver(
      invoicePaid({
        eventId: 'evt_race_pro',
        teamId,
        invoiceId: 'in_race_pro',
        priceId: 'price_pro_y',
        orderNo: pro.order.order_no,
        created: paidAt,
      }),
    );
    const pointsAfterPro = await points(teamId);
    fake.invoices.set('in_race_std', {
      id: 'in_race_std',
      object: 'invoice',
      payments: {
        object: 'list',
        data: [
          {
            id: 'inpay_1',
            status: 'paid',
            payment: { type: 'payment_intent', payment_intent: 'pi_race_std' },
          },
        ],
      },
    });
    const late = await deliver(
      invoicePaid({
        eventId: 'evt_race_std',
        teamId,
        invoiceId: 'in_race_std',
        priceId: 'price_std_m',
        orderNo: standard.order.order_no,
        created: paidAt + 60,
        periodDays: 30,
        amount: 9900,
        subscriptionId: 'sub_race_std',
      }),
    );
    expect(late.json().data.outcome).toBe('refused');
    // The money goes back and Stripe's second subscription ends at once; nothing of it is applied.
    const refunds = fake.calls.filter((c) => c.method === 'POST' && c.path === '/v1/refunds');
    expect(refunds.map((c) => c.form.payment_intent)).toEqual(['pi_race_std']);
    expect(fake.calls.some((c) => c.method === 'DELETE' && c.path === '/v1/subscriptions/sub_race_std')).toBe(
      true,
    );
    expect((await order(owner, standard.order.order_no)).order_status).toBe(2);
    expect(await subscription(owner)).toMatchObject({ plan_id: 4, period_type: 2 });
    expect(await points(teamId)).toBe(pointsAfterPro);

    // Stripe then says that subscription ended: the team's own runs on.
    await deliver({
      ...subscriptionEvent({
        eventId: 'evt_race_std_gone',
        teamId,
        created: paidAt + 61,
        type: 'customer.subscription.deleted',
        endedAt: paidAt + 61,
      }),
      data: {
        object: {
          id: 'sub_race_std',
          object: 'subscription',
          ended_at: paidAt + 61,
          metadata: { team_id: String(teamId) },
        },
      },
    });
    expect(await subscription(owner)).toMatchObject({ plan_id: 4, period_type: 2, status: 0 });
  });

  it('reconciles at start a Checkout paid while the webhook never came', async () => {
    const { owner, teamId } = await team('Stripe Crash Works');
    const opened = await data('POST', '/api/user/create-checkout-session', owner.token, { plan_id: 32 });
    const sessionId = String(opened.checkout_url).split('/').pop()!;
    const invoice = invoicePaid({
      eventId: 'x',
      teamId,
      invoiceId: 'in_r1',
      priceId: 'price_std_y',
      orderNo: opened.order.order_no,
      created: now(),
    }).data.object;
    fake.invoices.set('in_r1', invoice);
    fake.sessions.set(sessionId, {
      ...fake.sessions.get(sessionId),
      status: 'complete',
      payment_status: 'paid',
      invoice: 'in_r1',
    });
    await createBilling({ db: ctx.database.db, config: ctx.config, log: pino({ level: 'silent' }) }).start();
    expect((await order(owner, opened.order.order_no)).order_status).toBe(1);
    // The webhook arriving late changes nothing more.
    await deliver(
      invoicePaid({
        eventId: 'evt_r1',
        teamId,
        invoiceId: 'in_r1',
        priceId: 'price_std_y',
        orderNo: opened.order.order_no,
        created: invoice.created,
      }),
    );
    expect(await purchaseGrants(teamId)).toHaveLength(1);
  });
});

describe('replaying Stripe’s webhooks', () => {
  it('1,000 signed deliveries, shuffled with duplicates, leave each team as the events’ time order says', async () => {
    let seed = 17;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const teams: {
      teamId: number;
      token: string;
      verId: number;
      cancel: boolean;
      grants: number;
      ended: boolean;
    }[] = [];
    const unique: object[] = [];
    for (let i = 0; i < 12; i++) {
      const who = await person();
      const teamId = (await data('GET', '/api/user/account', who.token)).current_team_id as number;
      const t0 = now() - 20 * 24 * 3600 + i;
      const expected = { teamId, token: who.token, verId: 3, cancel: false, grants: 1, ended: false };
      const orderNo = `ST${teamId}A`;
      await ctx.database.db.insert(billingOrders).values({
        orderNo,
        teamId,
        verId: 3,
        pricingPlanId: 32,
        periodType: 2,
        amount: 95000,
        currency: 'CNY',
        provider: 'stripe',
      });
      unique.push(
        invoicePaid({
          eventId: `evt_${teamId}_a`,
          teamId,
          invoiceId: `in_${teamId}_a`,
          priceId: 'price_std_y',
          orderNo,
          created: t0,
        }),
      );
      let time = t0;
      const step = () => (time += 1 + Math.floor(rand() * 3600));
      if (rand() < 0.6) {
        unique.push(
          subscriptionEvent({
            eventId: `evt_${teamId}_b`,
            teamId,
            type: 'customer.subscription.updated',
            created: step(),
            cancelAtPeriodEnd: true,
            reason: 'price',
          }),
        );
        expected.cancel = true;
      }
      if (rand() < 0.5) {
        const upgradeNo = `ST${teamId}B`;
        await ctx.database.db.insert(billingOrders).values({
          orderNo: upgradeNo,
          teamId,
          verId: 4,
          pricingPlanId: 42,
          periodType: 2,
          amount: 287000,
          currency: 'CNY',
          provider: 'stripe',
        });
        unique.push(
          invoicePaid({
            eventId: `evt_${teamId}_c`,
            teamId,
            invoiceId: `in_${teamId}_c`,
            priceId: 'price_pro_y',
            orderNo: upgradeNo,
            reason: 'subscription_update',
            created: step(),
          }),
        );
        expected.verId = 4;
        expected.cancel = false;
        expected.grants += 1;
      }
      if (rand() < 0.4) {
        unique.push(
          subscriptionEvent({
            eventId: `evt_${teamId}_d`,
            teamId,
            type: 'customer.subscription.updated',
            created: step(),
            cancelAtPeriodEnd: false,
          }),
        );
        expected.cancel = false;
      }
      if (rand() < 0.25) {
        const endedAt = step();
        unique.push(
          subscriptionEvent({
            eventId: `evt_${teamId}_e`,
            teamId,
            type: 'customer.subscription.deleted',
            created: endedAt,
            endedAt,
          }),
        );
        expected.ended = true;
      }
      teams.push(expected);
    }
    const deliveries = [...unique];
    while (deliveries.length < 1000) deliveries.push(unique[Math.floor(rand() * unique.length)]!);
    for (let i = deliveries.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [deliveries[i], deliveries[j]] = [deliveries[j]!, deliveries[i]!];
    }
    const outcomes: Record<string, number> = {};
    for (let i = 0; i < deliveries.length; i += 10) {
      const answers = await Promise.all(deliveries.slice(i, i + 10).map((event) => deliver(event)));
      for (const answer of answers) {
        const outcome = answer.json().data?.outcome ?? `http ${answer.statusCode}`;
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      }
    }
    expect(outcomes).toEqual({ processed: unique.length, duplicate: 1000 - unique.length });
    for (const expected of teams) {
      const current = await plan({ token: expected.token, id: 0, email: '' });
      expect(current.ver_id, `team ${expected.teamId}`).toBe(expected.ended ? 1 : expected.verId);
      const [row] = await ctx.database.db
        .select()
        .from(teamSubscriptions)
        .where(eq(teamSubscriptions.teamId, expected.teamId));
      expect(row?.cancelAtPeriodEnd).toBe(expected.ended ? true : expected.cancel);
      expect(await purchaseGrants(expected.teamId)).toHaveLength(expected.grants);
      const [points] = await ctx.database.db
        .select()
        .from(teamPoints)
        .where(eq(teamPoints.teamId, expected.teamId));
      const granted = 1000 + 20000 + (expected.grants > 1 ? 100000 : 0);
      expect(points?.balance).toBe(expected.ended ? 1000 : granted);
    }
  });
});

import { SANDBOX_CARDS } from '@tandem/contract/billing';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billingApi } from '../../../test/billing.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { pointsLedger, teamSubscriptions } from '../../db/schema.ts';

const ctx = useTestApp();
const { call, data, team, card, checkout, pay, buy, plan, subscription, order } = billingApi(ctx);

const STANDARD_MONTHLY = 31;
const STANDARD_YEARLY = 32;
const PRO_MONTHLY = 41;
const PRO_YEARLY = 42;

describe('the plan catalogue', () => {
  it('lists free, standard and pro with monthly and yearly prices, in the reader’s language', async () => {
    const { owner } = await team('Catalogue Works');
    const answer = await call('GET', '/api/team/all-ver-packet-data', owner.token, undefined, {
      'accept-language': 'ja-JP',
    });
    const plans = answer.body.data;
    expect(plans.map((p: { ver_id: number }) => p.ver_id)).toEqual([1, 3, 4]);
    expect(plans[0]).toMatchObject({
      ver_name: 'フリー',
      is_free: 1,
      ver_is_default: 1,
      is_current: 1,
      pricing_plans: [],
    });
    expect(plans[1]).toMatchObject({
      ver_name: 'スタンダード',
      is_current: 0,
      numerical_auth: {
        points_quota: { points_quota_total_numerical: 20000 },
        storage_quota: { storage_quota_gb: 20 },
        member_quota: { member_limit: 200 },
      },
    });
    expect(plans[1].present_benefits).toContain('毎月 20,000 ポイント');
    expect(plans[1].pricing_plans).toEqual([
      expect.objectContaining({
        plan_id: STANDARD_MONTHLY,
        period_type: 1,
        price: 9900,
        currency: 'CNY',
        recommend: 0,
      }),
      expect.objectContaining({
        plan_id: STANDARD_YEARLY,
        period_type: 2,
        price: 95000,
        original_price: 118800,
        discount_percent: 20,
        recommend: 1,
      }),
    ]);
  });

  it('shows the current plan with its usage as percentage, used and total', async () => {
    const { owner, member } = await team('Usage Works');
    const someone = await member();
    const current = await plan(owner);
    expect(current).toMatchObject({
      ver_id: 1,
      can_manage_billing: true,
      member_count: 2,
      usage: {
        points_quota_percentage: 0,
        points_quota_used_numerical: 0,
        points_quota_total_numerical: 1000,
        storage_quota_used_numerical: 0,
        storage_quota_total_numerical: 1024 ** 3,
        storage_quota_surplus_numerical: 1024 ** 3,
      },
    });
    expect((await plan(someone)).can_manage_billing).toBe(false);
  });
});

describe('buying through the sandbox checkout', () => {
  it('refuses a declined card, then takes the good one: the team is on standard with its points', async () => {
    const { owner, teamId } = await team('Buyer Works');
    expect((await subscription(owner)).plan_id).toBe(0);
    const { orderNo, checkoutUrl, sessionId } = await checkout(owner, STANDARD_YEARLY);
    expect(checkoutUrl).toMatch(/^http:\/\/localhost(:\d+)?\/pay\/sandbox\/cs_sbx_/);
    expect((await order(owner, orderNo)).order_status).toBe(0);

    const session = await call('GET', `/api/payment/sandbox/session?session_id=${sessionId}`);
    expect(session.body.data).toMatchObject({
      order_no: orderNo,
      amount: 95000,
      currency: 'CNY',
      status: 'open',
    });

    const declined = await pay(sessionId!, SANDBOX_CARDS.declined);
    expect(declined.status).toBe(402);
    expect(declined.body.code).toBe(2313);
    const badNumber = await pay(sessionId!, '4242424242424241');
    expect(badNumber.body.code).toBe(2309);
    expect((await order(owner, orderNo)).order_status).toBe(0);

    expect((await pay(sessionId!)).body.data).toEqual({ status: 'succeeded', order_no: orderNo });
    const paid = await order(owner, orderNo);
    expect(paid).toMatchObject({ order_status: 1, amount: 95000, period_type: 2 });
    expect(paid.ver.present_benefits.length).toBeGreaterThan(0);

    const now = await plan(owner);
    expect(now).toMatchObject({ ver_id: 3, usage: { points_quota_total_numerical: 21000 } });
    expect(now.points_quota_surplus_numerical).toBe(21000);
    expect((await data('GET', '/api/user/account', owner.token)).current_team_ver).toMatchObject({
      ver_id: 3,
      numerical_auth: { points_quota: { points_quota_surplus_numerical: 21000 } },
    });
    const sub = await subscription(owner);
    expect(sub).toMatchObject({
      plan_id: 3,
      period_type: 2,
      status: 0,
      auto_renew: 1,
      next_billing_amount: 95000,
    });
    const yearFromNow = Date.now() + 365 * 24 * 3600 * 1000;
    expect(Math.abs(new Date(sub.ends_at).getTime() - yearFromNow)).toBeLessThan(2 * 24 * 3600 * 1000);
    expect(await data('GET', '/api/user/get-default-payment-method', owner.token)).toMatchObject({
      card_brand: 'visa',
      card_last4: '4242',
      status: 0,
    });
    // Paying again is refused: the session is closed.
    expect((await pay(sessionId!)).body.code).toBe(2314);
    const grants = await ctx.database.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.teamId, teamId), eq(pointsLedger.reason, 'plan_purchase')));
    expect(grants.map((g) => g.points)).toEqual([20000]);
  });

  it('asks the confirmation card for its step, and pays once it is approved', async () => {
    const { owner } = await team('Confirm Works');
    const { orderNo, sessionId } = await checkout(owner, PRO_MONTHLY);
    const asked = await pay(sessionId!, SANDBOX_CARDS.confirm);
    expect(asked.body.data).toMatchObject({ status: 'requires_action', order_no: orderNo });
    const token = asked.body.data.action_token;
    const refused = await call('POST', '/api/payment/sandbox/confirm-payment', undefined, {
      session_id: sessionId,
      action_token: token,
      approve: false,
    });
    expect(refused.body.code).toBe(2313);
    const again = await pay(sessionId!, SANDBOX_CARDS.confirm);
    const approved = await call('POST', '/api/payment/sandbox/confirm-payment', undefined, {
      session_id: sessionId,
      action_token: again.body.data.action_token,
      approve: true,
    });
    expect(approved.body.data.status).toBe('succeeded');
    expect((await plan(owner)).ver_id).toBe(4);
  });

  it('upgrades a paid team with its saved card (no checkout page), and refuses monthly on standard', async () => {
    const { owner } = await team('Upgrade Works');
    await buy(owner, STANDARD_YEARLY);
    const monthly = await call('POST', '/api/user/create-checkout-session', owner.token, {
      plan_id: PRO_MONTHLY,
    });
    expect(monthly.body.code).toBe(2315);
    const same = await call('POST', '/api/user/create-checkout-session', owner.token, {
      plan_id: STANDARD_YEARLY,
    });
    expect(same.body.code).toBe(2315);
    const upgrade = await checkout(owner, PRO_YEARLY);
    expect(upgrade.checkoutUrl).toBeNull();
    expect((await order(owner, upgrade.orderNo)).order_status).toBe(1);
    expect(await plan(owner)).toMatchObject({ ver_id: 4, points_quota_surplus_numerical: 121000 });
    const missing = await call('POST', '/api/user/create-checkout-session', owner.token, {});
    expect(missing.body.code).toBe(2301);
  });
});

describe('cancelling, restoring and the end of a subscription', () => {
  it('cancels with a reason (expiring), restores, and refuses a reason that is not one', async () => {
    const { owner } = await team('Cancel Works');
    await buy(owner, STANDARD_MONTHLY);
    const bad = await call('POST', '/api/user/handle-subscription', owner.token, {
      action: 'cancel',
      reason: 'other:',
    });
    expect(bad.body.code).toBe(2316);
    await data('POST', '/api/user/handle-subscription', owner.token, {
      action: 'cancel',
      reason: 'other: too slow',
    });
    expect(await subscription(owner)).toMatchObject({
      status: 1,
      auto_renew: 0,
      next_billing_date: null,
      plan_id: 3,
    });
    await data('POST', '/api/user/handle-subscription', owner.token, { action: 'renew', reason: 1 });
    expect(await subscription(owner)).toMatchObject({ status: 0, auto_renew: 1 });
    // Taking the cancel dialog's offer keeps renewing at the discount.
    await data('POST', '/api/user/handle-subscription', owner.token, { action: 'renew', reason: 'discount' });
    expect((await subscription(owner)).next_billing_amount).toBe(Math.round(9900 * 0.8));
  });

  it('takes the team back to the free plan’s quotas at ends_at', async () => {
    const { owner, teamId } = await team('Expiry Works');
    await buy(owner, STANDARD_MONTHLY);
    await data('POST', '/api/user/handle-subscription', owner.token, { action: 'cancel', reason: 'price' });
    await ctx.database.db
      .update(teamSubscriptions)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(teamSubscriptions.teamId, teamId));
    expect(await plan(owner)).toMatchObject({ ver_id: 1, points_quota_surplus_numerical: 1000 });
    expect((await subscription(owner)).plan_id).toBe(0);
    expect((await subscription(owner)).status).toBe(2);
    const cuts = await ctx.database.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.teamId, teamId), eq(pointsLedger.reason, 'plan_expiry')));
    expect(cuts.map((c) => c.points)).toEqual([-20000]);
  });
});

describe('the saved card and the bills', () => {
  it('saves a new card through a setup intent; another team cannot use the secret', async () => {
    const { owner } = await team('Card Works');
    const other = (await team('Other Card Works')).owner;
    const { client_secret } = await data('POST', '/api/user/create-setup-intent', owner.token);
    const stolen = await call('POST', '/api/payment/sandbox/confirm-setup', other.token, {
      client_secret,
      ...card('5555555555554444'),
    });
    expect(stolen.body.code).toBe(2306);
    const expired = await call('POST', '/api/payment/sandbox/confirm-setup', owner.token, {
      client_secret,
      ...card('5555555555554444'),
      exp_year: 2020,
    });
    expect(expired.body.code).toBe(2310);
    const { payment_method_id } = await data('POST', '/api/payment/sandbox/confirm-setup', owner.token, {
      client_secret,
      ...card('5555555555554444'),
    });
    await data('POST', '/api/user/update-payment-method', owner.token, { payment_method_id });
    expect(await data('GET', '/api/user/get-default-payment-method', owner.token)).toMatchObject({
      card_brand: 'mastercard',
      card_last4: '4444',
    });
    const foreign = await call('POST', '/api/user/update-payment-method', other.token, { payment_method_id });
    expect(foreign.body.code).toBe(2307);
  });

  it('pages the bills and gives a paid one’s invoice as a PDF in the reader’s language', async () => {
    const { owner } = await team('发票团队');
    await buy(owner, STANDARD_MONTHLY);
    await checkout(owner, PRO_YEARLY);
    const page = await data('POST', '/api/order/get-order-list', owner.token, { page: 1, page_size: 5 });
    expect(page.total).toBe(2);
    expect(page.data[0]).toMatchObject({ order_status: 1, has_invoice: 1, plan_name: 'Pro' });
    const second = await data('POST', '/api/order/get-order-list', owner.token, { page: 2, page_size: 1 });
    expect(second.data[0].plan_name).toBe('Standard');
    const answer = await call(
      'POST',
      '/api/order/down-invoice-pdf',
      owner.token,
      { order_id: second.data[0].id },
      { 'accept-language': 'zh-CN' },
    );
    expect(answer.body.data.has_invoice).toBe(1);
    const pdf = Buffer.from(
      answer.body.data.invoice_pdf.replace('data:application/pdf;base64,', ''),
      'base64',
    );
    const text = await pdfText(pdf);
    expect(text).toContain('发票');
    expect(text).toContain('发票团队');
    expect(text).toContain('标准版');
    expect(text).toContain('¥99.00');
    const other = (await team('Nosy Works')).owner;
    const nosy = await call('POST', '/api/order/down-invoice-pdf', other.token, {
      order_id: second.data[0].id,
    });
    expect(nosy.body.code).toBe(2303);
  });
});
